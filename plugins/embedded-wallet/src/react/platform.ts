import type { Platform, PlatformOs } from '@portico/core'

/** Where the modal runs, for SPEC §2's Telegram filter: inside a Telegram mini app or not, and the OS. */
export function detectPlatform(win: Window | undefined = globalThis.window): Platform {
  if (!win) return { telegram: false, os: 'other' }
  const telegram = Boolean((win as Window & { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp)
  const ua = win.navigator.userAgent
  const os: PlatformOs = /iPhone|iPad|iPod/.test(ua)
    ? 'ios'
    : /Android/.test(ua)
      ? 'android'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macos'
        : /Windows/.test(ua)
          ? 'windows'
          : /Linux/.test(ua)
            ? 'linux'
            : 'other'
  return { telegram, os }
}
