import type { Logger } from '../contracts/index.js'

/** Console logger; `debug` is silent unless asked for. Reads `console` at call time. */
export function createConsoleLogger(options: { debug?: boolean } = {}): Logger {
  return {
    debug: (message, details) => {
      if (options.debug) console.debug(message, ...(details === undefined ? [] : [details]))
    },
    info: (message, details) => console.info(message, ...(details === undefined ? [] : [details])),
    warn: (message, details) => console.warn(message, ...(details === undefined ? [] : [details])),
    error: (message, details) => console.error(message, ...(details === undefined ? [] : [details])),
  }
}
