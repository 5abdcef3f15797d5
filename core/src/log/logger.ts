import type { Logger } from '../contracts/index.js'
import { LOG_BUFFER_BYTES, LogRingBuffer } from './buffer.js'
import { redactSecrets } from './redact.js'

export interface DiagnosticsLog {
  /** Logs to `inner` and keeps a redacted, timestamped copy of each line. */
  logger: Logger
  /** The kept lines, oldest first (SPEC §3 Log). */
  text(): string
  readonly buffer: LogRingBuffer
}

export interface DiagnosticsLogOptions {
  /** Exact strings never kept (API keys, the project id…). */
  secrets?: readonly string[]
  /** Byte budget (default SPEC §9: 1,024,000). */
  maxBytes?: number
  /** Clock (tests). */
  now?: () => number
}

/** Details as text: errors by name, message and the first stack frames; other values as bounded JSON. */
function describe(details: unknown): string {
  if (details === undefined) return ''
  if (details instanceof Error) {
    const stack = (details.stack ?? '').split('\n').slice(1, 4).join(' | ').trim()
    return ` ${details.name}: ${details.message}${stack ? ` | ${stack}` : ''}`
  }
  try {
    const seen = new WeakSet<object>()
    const json = JSON.stringify(details, (_k, v) => {
      if (typeof v === 'bigint') return `${v}n`
      if (v instanceof Error) return `${v.name}: ${v.message}`
      if (v && typeof v === 'object') {
        if (seen.has(v)) return '[circular]'
        seen.add(v)
      }
      return v
    })
    return json === undefined ? ` ${String(details)}` : ` ${json}`
  } catch {
    return ' [details not serializable]'
  }
}

/**
 * Wraps a logger so every line also lands, redacted and timestamped
 * (`2026-01-02T03:04:05.678Z WARN message {details}`), in a ring buffer of
 * about 1,024,000 UTF-8 bytes, oldest dropped first. `debug` lines are kept
 * even when the inner logger is quiet: they are what a support ticket needs.
 *
 * @example
 * const log = createDiagnosticsLog(createConsoleLogger(), { secrets: ['my-api-key'] })
 * log.logger.warn('balance failed', new Error('HTTP status code: 500'))
 * log.text() // '2026-…Z WARN balance failed Error: HTTP status code: 500 …\n'
 */
export function createDiagnosticsLog(inner: Logger, options: DiagnosticsLogOptions = {}): DiagnosticsLog {
  const buffer = new LogRingBuffer(options.maxBytes ?? LOG_BUFFER_BYTES)
  const secrets = [...(options.secrets ?? [])].filter((s) => typeof s === 'string' && s.length >= 4)
  const now = options.now ?? Date.now
  const keep = (level: string, message: string, details: unknown) => {
    try {
      const line = `${new Date(now()).toISOString()} ${level} ${String(message)}${describe(details)}`
      buffer.push(redactSecrets(line, secrets))
    } catch {
      // Keeping a copy must never break the log call itself.
    }
  }
  const logger: Logger = {
    debug: (m, d) => {
      keep('DEBUG', m, d)
      inner.debug(m, d)
    },
    info: (m, d) => {
      keep('INFO', m, d)
      inner.info(m, d)
    },
    warn: (m, d) => {
      keep('WARN', m, d)
      inner.warn(m, d)
    },
    error: (m, d) => {
      keep('ERROR', m, d)
      inner.error(m, d)
    },
  }
  return { logger, text: () => buffer.text(), buffer }
}
