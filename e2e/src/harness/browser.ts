import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium (installed by scripts/ensure-system.sh); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

/** The flags LOCAL-WORLD.md gives for headless Debian Chromium in a sandbox-less container. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Launches Chromium through playwright-core. Playwright gives every launch a
 * fresh temporary user-data-dir (and deletes it on close), so no profile state
 * leaks between runs.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  })
}
