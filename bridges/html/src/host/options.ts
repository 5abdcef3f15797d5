import type { Portico } from '@portico/core'
import type { ThemeVariables } from '@portico/react'
import {
  InvalidMountOptionError,
  InvalidPorticoInstanceError,
  PorticoDomUnavailableError,
} from '../errors/index.js'

/** The modal's look; one modal per instance, so the latest options given for an instance win. */
export interface PorticoModalOptions {
  /** Overrides the instance's `themeMode`. */
  themeMode?: 'light' | 'dark' | 'system'
  /** `--portico-*` overrides, e.g. `{ '--portico-accent': '#e11d48' }`. */
  themeVariables?: ThemeVariables
  /** Stacking order of the overlay (default 999). */
  zIndex?: number
}

const THEME_MODES = ['light', 'dark', 'system'] as const

/** Throws `PorticoDomUnavailableError` unless a browser DOM (document, window) is there. */
export function assertDom(fn: string): Document {
  const doc = (globalThis as { document?: Document }).document
  if (!doc || typeof doc.createElement !== 'function') throw new PorticoDomUnavailableError(fn)
  return doc
}

/** Duck-typed (a second copy of @portico/core on the page must still pass): the methods the UI calls. */
export function assertPortico(fn: string, value: unknown): asserts value is Portico {
  const p = value as Partial<Record<keyof Portico, unknown>> | null
  const ok =
    typeof p === 'object' &&
    p !== null &&
    ['getState', 'subscribe', 'open', 'close', 'on', 'off'].every(
      (m) => typeof p[m as keyof Portico] === 'function',
    ) &&
    typeof p.router === 'object'
  if (!ok) throw new InvalidPorticoInstanceError(fn, value)
}

/** Validates the modal options (a typo in a theme must not pass silently) and returns only those set. */
export function modalOptions(options: PorticoModalOptions): PorticoModalOptions {
  const out: PorticoModalOptions = {}
  if (options.themeMode !== undefined) {
    if (!THEME_MODES.includes(options.themeMode))
      throw new InvalidMountOptionError('themeMode', '"light", "dark" or "system"', options.themeMode)
    out.themeMode = options.themeMode
  }
  if (options.zIndex !== undefined) {
    if (typeof options.zIndex !== 'number' || !Number.isFinite(options.zIndex))
      throw new InvalidMountOptionError('zIndex', 'a finite number', options.zIndex)
    out.zIndex = options.zIndex
  }
  if (options.themeVariables !== undefined) {
    const vars = options.themeVariables as unknown
    if (typeof vars !== 'object' || vars === null || Array.isArray(vars))
      throw new InvalidMountOptionError('themeVariables', 'an object of --portico-* values', vars)
    for (const [key, value] of Object.entries(vars)) {
      if (!key.startsWith('--portico-'))
        throw new InvalidMountOptionError('themeVariables', 'keys starting with "--portico-"', key)
      if (typeof value !== 'string')
        throw new InvalidMountOptionError(`themeVariables["${key}"]`, 'a string', value)
    }
    out.themeVariables = options.themeVariables
  }
  return out
}

/** `options` must be an object (or omitted). */
export function optionsObject<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidMountOptionError('options', 'an object', value)
  return value
}
