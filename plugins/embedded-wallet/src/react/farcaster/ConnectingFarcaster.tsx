import { PorticoError } from '@portico/core'
import { useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { useEffect, useState } from 'react'
import { EmbeddedFrameError, EmbeddedTimeoutError, getEmbeddedWallet } from '../../controller/index.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../../plugin.js'
import { type FarcasterStringKey, farcasterStrings } from './strings.js'

type Phase = 'starting' | 'waiting' | 'connecting' | 'expired' | 'refused' | 'failed'

/** Which end a failed sign-in shows: ran out (SPEC §9 time-out, channel gone), refused by the gateway, other. */
function phaseOf(error: unknown): Phase {
  if (error instanceof EmbeddedTimeoutError) return 'expired'
  if (error instanceof EmbeddedFrameError) {
    if (error.code === 'channel_expired') return 'expired'
    if (error.code === 'siwf_refused') return 'refused'
  }
  return 'failed'
}

/**
 * ConnectingFarcaster (SPEC §2 view): Sign In With Farcaster. The frame opens
 * a relay channel and (issue 29) draws its QR code, "Open Farcaster on this
 * device" and "Copy link" in its own card over the modal, since the link
 * carries the relay's channel token: this page never holds it, and the
 * account's `farcasterUrl` stays unset. The view says where to look and waits
 * for the visitor's approval in their Farcaster app (SPEC §9: the 120 s
 * request time-out applies, then the sign-in has expired and can be started
 * again). A refusal (a dishonest client: another domain, a wrong nonce) says
 * so with a retry. Cancel (or Escape) in the card goes back, as Back does;
 * going back drops the sign-in (SPEC §2 back rule: the auth connector reloads).
 */
export default function ConnectingFarcaster() {
  const portico = usePortico()
  const t = useCatalogue(farcasterStrings)
  useViewTitle(t('title'))
  const [phase, setPhase] = useState<Phase>('starting')
  const [detail, setDetail] = useState<string | undefined>()
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger (Try again), not read inside
  useEffect(() => {
    let live = true
    let channel: string | undefined
    let done = false
    const controller = getEmbeddedWallet(portico)
    setPhase('starting')
    setDetail(undefined)
    void (async () => {
      try {
        const started = await controller.farcaster.start()
        channel = started.channel
        if (!live) return
        setPhase('waiting')
        await controller.farcaster.finish(started.channel)
        done = true
        if (!live) return
        setPhase('connecting')
        // Every namespace the dApp has an adapter for; the active one ends up active.
        await portico.connect(EMBEDDED_WALLET_CONNECTOR_ID)
        if (portico.getState().router.view === 'ConnectingFarcaster') portico.router.reset('Account')
      } catch (e) {
        done = true
        if (!live) return
        // Cancel or Escape in the frame's card: the visitor left the sign-in, as with Back.
        if (e instanceof EmbeddedFrameError && e.code === 'farcaster_cancelled') {
          if (portico.getState().router.view === 'ConnectingFarcaster') portico.router.goBack()
          return
        }
        setPhase(phaseOf(e))
        setDetail(e instanceof PorticoError ? e.shortMessage : e instanceof Error ? e.message : String(e))
      }
    })()
    return () => {
      live = false
      // Left before the end (back, closed): the frame stops waiting for this channel.
      if (channel && !done)
        controller.farcaster.cancel().catch((error: unknown) => {
          console.warn('[portico] embedded wallet: dropping the Farcaster sign-in failed', error)
        })
    }
  }, [portico, attempt])

  if (phase === 'expired' || phase === 'refused' || phase === 'failed') {
    const title: FarcasterStringKey = phase
    return (
      <div className="center" data-testid="farcaster" data-state={phase} aria-live="polite">
        <h3 className="error-title">{t(title)}</h3>
        {phase !== 'expired' && detail ? (
          <p className="error-text" data-testid="farcaster-error">
            {detail}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('retry')}
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className="center" data-testid="farcaster" data-state={phase} aria-busy={phase !== 'waiting'}>
      <span className="ring" aria-hidden="true" />
      {phase === 'waiting' ? <p>{t('inFrame')}</p> : null}
      <p role="status" data-testid="farcaster-status">
        {t(phase)}
      </p>
    </div>
  )
}
