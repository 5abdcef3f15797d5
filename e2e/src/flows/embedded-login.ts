import { loginCodeOf, type SmtpCatcher } from '@portico/devnet'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import { expectView, porticoState, sel } from './demo.js'

/**
 * The embedded wallet's email login, shared by the embedded-* e2e files
 * (issue 29: the code is typed in the signer frame's own card, never on the
 * dApp page). Selectors are data attributes and ids, so the steps work in
 * any locale; a test that checks the texts reads them itself.
 */

/** The recovery passphrase the tests set on a first login. */
export const PASSPHRASE = 'correct horse battery staple'

/** The signer frame (its own origin) the plugin mounts on the page. */
export const signerFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-portico-signer]')

/** The frame's login-code card (signer/src/code-entry). */
export const codeCard = (page: Page): Locator => signerFrame(page).locator('form[data-code]')

/** Reads the login code mailed to `email` at or after `since` (epoch ms). */
export type CodeReader = (email: string, since: number) => Promise<string>

/** A code reader over the devnet's SMTP catcher. */
export const codeFrom =
  (smtp: SmtpCatcher): CodeReader =>
  async (email, since) =>
    loginCodeOf(
      // Matched by content (issue 29): the login mail, never an export or email-change code mailed to the same address.
      await smtp.waitForMail(email, { since, timeoutMs: 30_000, match: (m) => /login code/.test(m.subject) }),
    ) as string

/**
 * Connect → email → Continue: resolves on the EmailVerifyOtp view with the
 * mailed code and when it was asked for. The frame's code card is open then.
 */
export async function requestLoginCode(
  page: Page,
  email: string,
  readCode: CodeReader,
): Promise<{ otp: Locator; connect: Locator; code: string; since: number }> {
  await page.locator(sel.connectButton).click()
  const connect = await expectView(page, 'Connect')
  await connect.locator('[data-connect-email] input[type="email"]').fill(email)
  const since = Date.now()
  await connect.locator('[data-connect-email] button[type="submit"]').click()
  const otp = await expectView(page, 'EmailVerifyOtp', 30_000)
  return { otp, connect, code: await readCode(email, since), since }
}

/** Types `code` in the frame's card (checked at six digits, as the visitor's typing is). */
export async function typeCodeInFrame(page: Page, code: string): Promise<void> {
  const input = codeCard(page).locator('input[name="code"]')
  await input.waitFor({ timeout: 30_000 })
  await input.fill(code)
}

/** The first-login card: sets the recovery passphrase (PBKDF2 in the frame). */
export async function setRecoveryPassphrase(page: Page, passphrase = PASSPHRASE): Promise<void> {
  const card = signerFrame(page).locator('[data-passphrase="set"]')
  await card.waitFor({ timeout: 30_000 })
  await card.locator('#passphrase').fill(passphrase)
  await card.locator('#passphrase-again').fill(passphrase)
  await card.locator('button[type="submit"]').click()
}

/** Resolves once the EVM account is connected. */
export const waitConnected = (page: Page, timeout = 90_000) =>
  page.waitForFunction(
    () =>
      (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts.eip155
        ?.status === 'connected',
    null,
    { timeout },
  )

/**
 * A first email login on an open demo page: code in the frame, a new
 * recovery passphrase, connected. Resolves with the EVM address and when the
 * code was asked for.
 */
export async function emailLogin(
  page: Page,
  email: string,
  readCode: CodeReader,
  opts: { passphrase?: string; timeoutMs?: number } = {},
): Promise<{ address: `0x${string}`; since: number }> {
  const { code, since } = await requestLoginCode(page, email, readCode)
  await typeCodeInFrame(page, code)
  await setRecoveryPassphrase(page, opts.passphrase)
  await waitConnected(page, opts.timeoutMs)
  return { address: (await porticoState(page)).accounts.eip155!.address as `0x${string}`, since }
}
