import { isValidEmail, PorticoError } from '@portico/core'
import {
  type DevicePoll,
  type EmailChangeStep,
  parseDevicePoll,
  parseEmailChangeEntered,
  parseEmailChangeStep,
  parseExpiry,
  parseExportEnded,
} from '../account-protocol.js'
import type { FramePayload } from '../protocol.js'

const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })

/** What the account flows need from the controller: a frame request and the user to update. */
export interface EmbeddedAccountDeps {
  request(payload: FramePayload, opts?: { timeoutMs?: number | null }): Promise<unknown>
  /** The email of the signed-in account changed (the Account view shows the new one). */
  emailChanged(email: string): void
}

/**
 * Issue 14 account flows on the dApp side: waiting for the device-approval
 * link (EmailVerifyDevice), the two-code email change and the key export.
 * The frame holds the pending token, the session and the key, and takes
 * every code in its own card; this side only asks and reads checked answers. The exported key is shown in the frame's
 * own card: no answer here ever carries it.
 */
export class EmbeddedAccount {
  constructor(private readonly deps: EmbeddedAccountDeps) {}

  /** One look at the pending login: still waiting, or (once) connected after the link was approved. */
  async pollDevice(): Promise<DevicePoll> {
    // Untimed: a new device may ask for the recovery passphrase in the frame before it answers.
    const r = parseDevicePoll(await this.deps.request({ type: 'device.poll' }))
    if (!r) throw invalidAnswer()
    return r
  }

  /** Mails a new approval link (the old one stops working); the gateway holds it to its 30 s cool-down. */
  async resendDeviceLink(): Promise<{ expiresAt: number }> {
    const r = parseExpiry(await this.deps.request({ type: 'device.resend' }))
    if (!r) throw invalidAnswer()
    return r
  }

  /** Gives up the pending login (the frame forgets its token). */
  async cancelDevice(): Promise<void> {
    await this.deps.request({ type: 'device.cancel' })
  }

  /** Step 1 of Update email: a valid new address (SPEC §5) → a code to the current address. */
  async startEmailChange(newEmail: string): Promise<EmailChangeStep> {
    const e = newEmail.trim()
    if (!isValidEmail(e)) throw new PorticoError('A valid email is required', { code: 'INVALID_EMAIL' })
    const r = parseEmailChangeStep(await this.deps.request({ type: 'email.change', newEmail: e }))
    if (!r) throw invalidAnswer()
    return r
  }

  /**
   * Opens the frame's code card for the stage the view shows (issue 29: the
   * code is typed there and goes from the frame to the gateway; its "Resend
   * code" keeps SPEC's 30 s). Resolves when the card closes: the next step,
   * or `cancelled`. Untimed: the visitor reads their mail meanwhile.
   */
  async enterEmailChangeCode(stage: 'old' | 'new'): Promise<EmailChangeStep | { stage: 'cancelled' }> {
    if (stage !== 'old' && stage !== 'new')
      throw new PorticoError('An error occurred', { code: 'INVALID_STAGE' })
    const r = parseEmailChangeEntered(
      await this.deps.request({ type: 'email.change.enter', stage }, { timeoutMs: null }),
      stage,
    )
    if (!r) throw invalidAnswer()
    if (r.stage === 'done') this.deps.emailChanged(r.email)
    return r
  }

  /** Re-authentication for an export: a fresh code, mailed for this purpose only. */
  async requestExportCode(): Promise<{ expiresAt: number }> {
    const r = parseExpiry(await this.deps.request({ type: 'export.request' }))
    if (!r) throw invalidAnswer()
    return r
  }

  /**
   * Opens the frame's code card for the export code (issue 29: typed there,
   * never on this page); a right code makes the frame show the key in its own
   * card. Resolves when the visitor closed it (`shown`) or the code card
   * (`cancelled`). The answer never carries a key.
   */
  async enterExportCode(): Promise<'shown' | 'cancelled'> {
    const r = parseExportEnded(await this.deps.request({ type: 'export.enter' }, { timeoutMs: null }))
    if (!r) throw invalidAnswer()
    return r
  }
}
