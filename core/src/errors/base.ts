import { ERROR_CODE_DEFAULT } from '../constants/index.js'

export interface PorticoErrorOptions {
  code?: number | string
  cause?: unknown
  details?: string
  metaMessages?: string[]
}

/**
 * The one error base of Portico. `shortMessage` is the SPEC §8 text; `message`
 * adds meta messages and details. `walk()` follows the `cause` chain.
 *
 * @example
 * try { await portico.connect('dev.portico.wallet') }
 * catch (e) { if (e instanceof PorticoError && e.walk((c) => c instanceof UserRejectedRequestError)) … }
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly code: number | string
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: string[] | undefined

  constructor(shortMessage: string, options: PorticoErrorOptions = {}) {
    const details =
      options.details ??
      (options.cause instanceof PorticoError
        ? options.cause.details
        : options.cause instanceof Error
          ? options.cause.message
          : undefined)
    const message = [
      shortMessage,
      ...(options.metaMessages ?? []),
      ...(details ? [`Details: ${details}`] : []),
    ].join('\n\n')
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.code = options.code ?? ERROR_CODE_DEFAULT
    this.details = details
    this.metaMessages = options.metaMessages
  }

  /** Returns the first error in the cause chain (this one included) matching `fn`, or the deepest one without `fn`. */
  walk(fn?: (err: unknown) => boolean): unknown {
    let current: unknown = this
    let last: unknown = this
    const seen = new Set<unknown>()
    while (current && !seen.has(current)) {
      seen.add(current)
      if (fn?.(current)) return current
      last = current
      current = (current as { cause?: unknown }).cause
    }
    return fn ? null : last
  }
}
