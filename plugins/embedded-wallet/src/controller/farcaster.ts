import { PorticoError } from '@portico/core'
import { parseFarcasterStart, parseSession } from '../protocol.js'
import { EmbeddedTimeoutError, type FrameClient } from './frame-client.js'

/** A started Sign In With Farcaster: the deep link (QR code), the frame's name for it, its expiry (epoch ms). */
export interface FarcasterSignIn {
  url: string
  channel: string
  expiresAt: number
}

/**
 * Sign In With Farcaster on the dApp side: the frame opens the relay channel
 * and waits for the visitor's Farcaster app; this page only gets the deep
 * link and, at the end, the name and address (the session token stays in the
 * frame). The link is kept in the account's `farcasterUrl` (SPEC §3) while
 * the sign-in is under way, so the SPEC §2 back rule can clear it.
 */
export class FarcasterLogin {
  #active: string | undefined
  constructor(
    private readonly frame: () => FrameClient,
    private readonly setUrl: (url: string | undefined) => void,
  ) {}

  /** Opens a channel; a sign-in already under way is dropped first (one at a time). */
  async start(): Promise<FarcasterSignIn> {
    await this.cancel()
    const started = parseFarcasterStart(await this.frame().request({ type: 'farcaster.start' }))
    if (!started) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
    this.#active = started.channel
    this.setUrl(started.url)
    return started
  }

  /**
   * Waits (SPEC §9: within the 120 s request time-out) until the visitor
   * approves; the frame then holds the session. Rejects with the frame's
   * refusal: `channel_expired`, `siwf_refused` (a dishonest client),
   * `farcaster_cancelled`.
   */
  async finish(channel: string): Promise<{ email: string; address: `0x${string}` }> {
    try {
      const s = parseSession(await this.frame().request({ type: 'farcaster.finish', channel }))
      if (!s) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
      return s
    } catch (error) {
      // Timed out here (SPEC §9) while the frame still polls: it stops too (it answers false when it already had).
      if (error instanceof EmbeddedTimeoutError)
        this.frame()
          .request({ type: 'farcaster.cancel', channel })
          .catch((e: unknown) =>
            console.warn('[portico] embedded wallet: dropping the Farcaster sign-in failed', e),
          )
      throw error
    } finally {
      if (this.#active === channel) {
        this.#active = undefined
        this.setUrl(undefined)
      }
    }
  }

  /** Drops the sign-in under way, if any (the visitor went back; the auth connector reloads). */
  async cancel(): Promise<void> {
    const channel = this.#active
    if (!channel) return
    this.#active = undefined
    this.setUrl(undefined)
    await this.frame().request({ type: 'farcaster.cancel', channel })
  }
}
