import { PorticoError, type SocialProvider } from '@portico/core'
import { parseSession, parseSocialStart } from '../protocol.js'
import type { FrameClient } from './frame-client.js'

/** The visitor closed the social login window before finishing (the view goes back to Connect with a message). */
export class SocialPopupClosedError extends PorticoError {
  override name = 'SocialPopupClosedError'
  constructor() {
    super('The login window was closed', { code: 'SOCIAL_POPUP_CLOSED' })
  }
}

/**
 * Social login (OAuth code + PKCE, run by the frame and the gateway). The
 * caller opens `popup` synchronously in the click handler (so blockers
 * allow it); this sends it to the provider, waits for the frame to hold
 * the session and closes it. A popup the visitor closes first rejects with
 * `SocialPopupClosedError`. `setSocial` is SPEC §3's `socialProvider` /
 * `socialWindow` while it runs (cleared after).
 */
export async function socialLogin(
  client: () => FrameClient,
  setSocial: (provider: SocialProvider | undefined, popup: Window | undefined) => void,
  provider: SocialProvider,
  popup: Window | null,
  opts: { pollMs?: number } = {},
): Promise<{ email: string; address: `0x${string}`; provider?: SocialProvider }> {
  if (!popup) throw new PorticoError('The login window was blocked', { code: 'POPUP_BLOCKED' })
  const frame = client()
  setSocial(provider, popup)
  let timer: ReturnType<typeof setInterval> | undefined
  try {
    const started = parseSocialStart(await frame.request({ type: 'social.start', provider }))
    if (!started) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
    popup.location.href = started.url
    const closed = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        if (!popup.closed) return
        clearInterval(timer)
        // Closed before the provider came back: give up; closed after (callback in): the exchange goes on.
        frame.request({ type: 'social.cancel', state: started.state }).then(
          (cancelled) => {
            if (cancelled === true) reject(new SocialPopupClosedError())
          },
          (error: unknown) => reject(error),
        )
      }, opts.pollMs ?? 500)
    })
    const s = parseSession(
      await Promise.race([frame.request({ type: 'social.finish', state: started.state }), closed]),
    )
    if (!s) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
    return s
  } finally {
    clearInterval(timer)
    if (!popup.closed) popup.close()
    setSocial(undefined, undefined)
  }
}
