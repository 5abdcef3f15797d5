/** Thrown when the configuration file or environment is invalid; lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
