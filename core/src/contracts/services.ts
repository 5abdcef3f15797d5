/** Pluggable storage (localStorage by default, memory under SSR, cookies as an option). */
export interface PorticoStorage {
  /** Returns undefined for a missing, corrupted or foreign value — never throws. */
  get<T>(key: string, validate?: (value: unknown) => value is T): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
}

export interface Logger {
  debug(message: string, details?: unknown): void
  info(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}
