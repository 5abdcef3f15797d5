import { isValidEmail, PorticoError } from '@portico/core'
import {
  type DevicePoll,
  type EmailChangeStep,
  parseDevicePoll,
  parseEmailChangeResent,
  parseEmailChangeStep,
  parseExpiry,
  parseExportShown,
} from '../account-protocol.js'
import type { FramePayload } from '../protocol.js'

const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
const CODE = /^[0-9]{6}$/

/** What the account flows need from the controller: a frame request and the user to update. */
export interface EmbeddedAccountDeps {
  request(payload: FramePayload, opts?: { timeoutMs?: number | null }): Promise<unknown>
  /** The email of the signed-in account changed (the Account view shows the new one). */
  emailChanged(email: string): void
}

/**
 * Issue 14 account flows on the dApp side: waiting for the device-approval
 * link (EmailVerifyDevice), the two-code email change and the key export.
 * The frame holds the pending token, the session and the key; this side only
 * asks and reads checked answers. The exported key is shown in the frame's
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

  /** The code of the current address (→ a code to the new one), then the new address's code (→ done). */
  async verifyEmailChange(code: string): Promise<EmailChangeStep> {
    if (!CODE.test(code)) throw new PorticoError('Enter the 6-digit code', { code: 'INVALID_CODE' })
    const r = parseEmailChangeStep(await this.deps.request({ type: 'email.change.verify', code }))
    if (!r) throw invalidAnswer()
    if (r.stage === 'done') this.deps.emailChanged(r.email)
    return r
  }

  /**
   * "Send a new code" in the stage the view shows: the same address gets a new
   * code and the previous one stops working. The gateway holds it to SPEC's
   * 30 s cool-down (`email_cooldown`, "Please try again after N seconds").
   */
  async resendEmailChangeCode(stage: 'old' | 'new'): Promise<{ stage: 'old' | 'new'; expiresAt: number }> {
    if (stage !== 'old' && stage !== 'new')
      throw new PorticoError('An error occurred', { code: 'INVALID_STAGE' })
    const r = parseEmailChangeResent(await this.deps.request({ type: 'email.change.resend', stage }), stage)
    if (!r) throw invalidAnswer()
    return r
  }

  /** Re-authentication for an export: a fresh code, mailed for this purpose only. */
  async requestExportCode(): Promise<{ expiresAt: number }> {
    const r = parseExpiry(await this.deps.request({ type: 'export.request' }))
    if (!r) throw invalidAnswer()
    return r
  }

  /**
   * Sends the export code to the frame, which shows the key in its own card;
   * resolves when the visitor closed it. The answer says only that it was shown.
   */
  async showExport(code: string): Promise<void> {
    if (!CODE.test(code)) throw new PorticoError('Enter the 6-digit code', { code: 'INVALID_CODE' })
    if (!parseExportShown(await this.deps.request({ type: 'export.show', code }))) throw invalidAnswer()
  }
}
