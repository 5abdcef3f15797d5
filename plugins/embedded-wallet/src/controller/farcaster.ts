import { PorticoError } from '@portico/core'
import { parseFarcasterStart, parseSession } from '../protocol.js'
import { EmbeddedTimeoutError, type FrameClient } from './frame-client.js'

/** A started Sign In With Farcaster: the frame's name for it and its expiry (epoch ms). */
export interface FarcasterSignIn {
  channel: string
  expiresAt: number
}

/**
 * Sign In With Farcaster on the dApp side: the frame opens the relay channel,
 * draws its QR code and link in its own card and waits for the visitor's
 * Farcaster app. Issue 29: this page gets neither the link nor the relay's
 * channel token in it, only the frame's name for the sign-in and, at the end,
 * the name and address (the session token stays in the frame) or the typed
 * refusal. The account's `farcasterUrl` (SPEC §3) is therefore never set.
 */
export class FarcasterLogin {
  #active: string | undefined
  constructor(private readonly frame: () => FrameClient) {}

  /** Opens a channel; a sign-in already under way is dropped first (one at a time). */
  async start(): Promise<FarcasterSignIn> {
    await this.cancel()
    const started = parseFarcasterStart(await this.frame().request({ type: 'farcaster.start' }))
    if (!started) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
    this.#active = started.channel
    return started
  }

  /**
   * Shows the frame's Farcaster card (QR code, "Open Farcaster on this
   * device", "Copy link", Cancel) and waits (SPEC §9: within the 120 s request
   * time-out, which the card does not pause) until the visitor approves; the
   * frame then holds the session. Rejects with the frame's refusal:
   * `farcaster_cancelled` (the card's Cancel or Escape), `channel_expired`,
   * `siwf_refused` (a dishonest client).
   */
  async finish(channel: string): Promise<{ email: string; address: `0x${string}` }> {
    try {
      const s = parseSession(
        await this.frame().request({ type: 'farcaster.finish', channel }, { timeoutWhileUi: true }),
      )
      if (!s) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
      return s
    } catch (error) {
      // Timed out here (SPEC §9) while the frame still polls: it stops and closes its card too
      // (it answers false when it already had).
      if (error instanceof EmbeddedTimeoutError)
        this.frame()
          .request({ type: 'farcaster.cancel', channel })
          .catch((e: unknown) =>
            console.warn('[portico] embedded wallet: dropping the Farcaster sign-in failed', e),
          )
      throw error
    } finally {
      if (this.#active === channel) this.#active = undefined
    }
  }

  /** Drops the sign-in under way, if any (the visitor went back; the auth connector reloads). */
  async cancel(): Promise<void> {
    const channel = this.#active
    if (!channel) return
    this.#active = undefined
    await this.frame().request({ type: 'farcaster.cancel', channel })
  }
}
