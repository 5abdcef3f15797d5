// Starts a real gateway on 127.0.0.1:0 for a test, on the engine asked for.
import { resolveConfig } from '../config/index.js'
import { type CreateGatewayOptions, createGateway, type Gateway } from '../gateway.js'
import { createTestDatabase, type TestDatabase } from './databases.js'

export interface TestGateway {
  url: string
  gateway: Gateway
  db: TestDatabase
  /** Parsed JSON log lines written so far. */
  logs: Record<string, unknown>[]
  /** Closes the gateway; drops the database unless `keepDatabase`. */
  close(opts?: { keepDatabase?: boolean }): Promise<void>
}

export async function startTestGateway(
  kind: 'sqlite' | 'postgres',
  config: Record<string, unknown> = {},
  options: CreateGatewayOptions & { database?: TestDatabase } = {},
): Promise<TestGateway> {
  const db = options.database ?? (await createTestDatabase(kind))
  const logs: Record<string, unknown>[] = []
  const resolved = resolveConfig({
    logLevel: 'info',
    ...config,
    host: '127.0.0.1',
    port: 0,
    databaseUrl: db.url,
  })
  const gateway = await createGateway(resolved, {
    ...options,
    logStream: {
      write: (line: string) => {
        const entry = JSON.parse(line)
        logs.push(entry)
        if (process.env.PORTICO_TEST_LOGS && entry.level >= 40) process.stderr.write(line)
      },
    },
  })
  const url = await gateway.listen()
  return {
    url,
    gateway,
    db,
    logs,
    async close(opts = {}) {
      await gateway.close()
      if (!opts.keepDatabase) await db.drop()
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type AnyJson = any

/** GET/POST helper: returns status, headers and the parsed JSON (or text) body. */
export async function call(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: AnyJson }> {
  const { json, ...rest } = init
  const res = await fetch(url, {
    ...rest,
    ...(json !== undefined
      ? {
          method: rest.method ?? 'POST',
          body: JSON.stringify(json),
          headers: { 'content-type': 'application/json', ...rest.headers },
        }
      : {}),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, body }
}
