/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | bigint | null

/** One statement of a batch. */
export interface Statement {
  sql: string
  params?: readonly SqlValue[]
  /** When set, the batch rolls back with `BatchConditionError` unless the statement changed exactly this many rows. */
  expectChanges?: number
}

/** A batch statement's `expectChanges` did not hold; nothing was committed. */
export class BatchConditionError extends Error {
  override name = 'BatchConditionError'
  constructor(readonly index: number) {
    super(`batch statement ${index} changed an unexpected number of rows`)
  }
}

/**
 * A `.catch` for a conditional batch: a failed `expectChanges` (another request
 * got there first) becomes the error `make` gives; anything else — the
 * database down, a bad statement — is rethrown as it is, never reported to the
 * caller as "expired" or "already used".
 */
export function whenConditionFails(make: () => Error): (error: unknown) => never {
  return (error) => {
    if (error instanceof BatchConditionError) throw Object.assign(make(), { cause: error })
    throw error
  }
}

/** Whether an engine error is a unique / primary-key violation (by code, never by message text). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/**
 * The storage primitive both engines implement. SQL is written once with `?`
 * placeholders (the PostgreSQL engine renumbers them to `$n`); values are
 * always bound, never spliced into the text.
 */
export interface Database {
  readonly dialect: 'sqlite' | 'postgres'
  /** Runs a read (or a statement with RETURNING) and gives its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  /** Runs the statements in one transaction: all commit, or none. Gives each one's changed-row count. */
  batch(statements: readonly Statement[]): Promise<number[]>
  close(): Promise<void>
}
