import { getPairingExpiry, isPairingExpired, type PorticoError } from '@portico/core'
import type { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'
import { toWalletConnectError, WalletConnectRelayTimeoutError } from './errors.js'

type UniversalProvider = InstanceType<typeof UniversalProviderClass>

interface Attempt {
  id: number
  expiresAt: number
  uri: string | undefined
  pairingTopic: string | undefined
  status: 'pending' | 'failed' | 'approved'
  /** Fails the attempt when the relay gave no URI in time. */
  timer?: ReturnType<typeof setTimeout>
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** What the pairing lifecycle reports to the connector (which owns the views' state). */
export interface PairingHost {
  now(): number
  relayTimeoutMs: number
  relayUrl: string | undefined
  /** The proposal's optional namespaces for this attempt. */
  proposal(): Record<string, unknown>
  onUri(uri: string, expiresAt: number): void
  onWaiting(): void
  onApproved(): void
  onFailed(error: PorticoError): void
}

/**
 * The SPEC §4 pairing lifecycle: one attempt at a time, each with its URI and
 * its 4-minute expiry; a URI with ≤ 10 s left is replaced; a relay that gives
 * no URI in `relayTimeoutMs` fails the attempt; "Try again" after a rejection
 * re-proposes over the still-active pairing (same QR).
 */
export class PairingLifecycle {
  private attempt: Attempt | undefined
  private pending: Deferred<void> | undefined
  private seq = 0
  private readonly uriWaiters = new Set<{ resolve(uri: string): void; reject(e: unknown): void }>()

  constructor(private readonly host: PairingHost) {}

  /** Resolves once the wallet approved a session; starts an attempt when none runs. */
  approval(p: UniversalProvider): Promise<void> {
    this.pending ??= deferred()
    const awaited = this.pending.promise
    this.ensure(p)
    return awaited
  }

  /** The URI to show (a running attempt's, else a new attempt's). */
  async uri(p: UniversalProvider): Promise<string> {
    this.pending ??= deferred()
    // Nobody may await this attempt yet: keep an unobserved rejection from surfacing.
    this.pending.promise.catch(() => undefined)
    this.ensure(p)
    const a = this.attempt!
    if (a.uri) return a.uri
    return await new Promise<string>((resolve, reject) => this.uriWaiters.add({ resolve, reject }))
  }

  /** The provider's `display_uri`: the running attempt's URI. */
  displayUri(uri: string): void {
    const a = this.attempt
    if (a?.status !== 'pending') return
    clearTimeout(a.timer)
    a.uri = uri
    a.pairingTopic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
    this.host.onUri(uri, a.expiresAt)
    for (const w of [...this.uriWaiters]) w.resolve(uri)
    this.uriWaiters.clear()
  }

  /** Forgets the attempt (session ended or deleted). */
  reset(): void {
    clearTimeout(this.attempt?.timer)
    this.attempt = undefined
  }

  /** Fails whoever waits (the connector is being destroyed). */
  abort(error: PorticoError): void {
    this.reset()
    if (this.pending) {
      this.pending.promise.catch(() => undefined)
      this.pending.reject(error)
    }
    this.pending = undefined
    for (const w of [...this.uriWaiters]) w.reject(error)
    this.uriWaiters.clear()
  }

  /** Ends an attempt with an error: the views show it with "Try again"; `connect` and `getUri` reject. */
  fail(error: PorticoError, current = this.attempt): void {
    if (current) {
      clearTimeout(current.timer)
      current.status = 'failed'
    }
    this.host.onFailed(error)
    for (const w of [...this.uriWaiters]) w.reject(error)
    this.uriWaiters.clear()
    this.pending?.reject(error)
    this.pending = undefined
  }

  private pairingActive(p: UniversalProvider, topic: string | undefined): boolean {
    return (
      !!topic &&
      p.client.core.pairing
        .getPairings()
        .some((x: { topic: string; active: boolean }) => x.topic === topic && x.active)
    )
  }

  /** Makes sure a non-expired pairing attempt runs (SPEC §4 lifecycle). */
  private ensure(p: UniversalProvider): void {
    const a = this.attempt
    const fresh = a && !isPairingExpired(a.expiresAt, this.host.now())
    if (fresh && a.status === 'pending') return
    if (fresh && a.status === 'failed' && this.pairingActive(p, a.pairingTopic)) {
      // "Try again": the cached URI stays; a new proposal goes over the paired topic.
      this.start(p, a)
      return
    }
    this.start(p)
  }

  /** Starts a pairing attempt; `reuse` keeps a still-valid, active pairing (retry after a rejection). */
  private start(p: UniversalProvider, reuse?: Attempt): void {
    const current: Attempt = {
      id: ++this.seq,
      expiresAt: reuse?.expiresAt ?? getPairingExpiry(this.host.now()),
      uri: reuse?.uri,
      pairingTopic: reuse?.pairingTopic,
      status: 'pending',
    }
    if (this.attempt) clearTimeout(this.attempt.timer)
    this.attempt = current
    if (reuse?.uri) this.host.onUri(reuse.uri, reuse.expiresAt)
    else {
      this.host.onWaiting()
      const timeout = this.host.relayTimeoutMs
      if (timeout > 0 && Number.isFinite(timeout)) {
        // No relay, no URI: the provider keeps retrying its socket silently, so the attempt gives up here.
        current.timer = setTimeout(() => {
          if (this.attempt !== current || current.status !== 'pending' || current.uri) return
          this.fail(
            new WalletConnectRelayTimeoutError({ timeoutMs: timeout, relayUrl: this.host.relayUrl }),
            current,
          )
        }, timeout)
      }
    }
    // UniversalProvider.connect unsubscribes every pairing first (synchronously, at
    // its start): on a retry over the paired topic that would drop the wallet's
    // answer, so the clean-up is skipped for that one call.
    const cleanup = p.cleanupPendingPairings
    if (reuse) p.cleanupPendingPairings = async () => undefined
    const connecting = p.connect({
      optionalNamespaces: this.host.proposal() as never,
      pairingTopic: reuse?.pairingTopic,
    })
    p.cleanupPendingPairings = cleanup
    connecting.then(
      () => {
        clearTimeout(current.timer)
        current.status = 'approved'
        // A stale attempt approved (the wallet scanned an old QR) still connects: the session is real.
        if (this.attempt === current) this.attempt = undefined
        this.host.onApproved()
        this.pending?.resolve()
        this.pending = undefined
      },
      async (error: unknown) => {
        if (this.attempt !== current || current.status !== 'pending') {
          current.status = 'failed'
          return // superseded by a refreshed pairing, or already timed out
        }
        const err = toWalletConnectError(error)
        const code = (error as { code?: unknown } | null)?.code
        const walletAnswered = typeof code === 'number' && (code === 4001 || (code >= 5000 && code <= 5103))
        if (walletAnswered && current.pairingTopic) {
          // The wallet scanned and answered: the pairing works, keep it for "Try again".
          await p.client.core.pairing.activate({ topic: current.pairingTopic }).catch((e: unknown) => {
            // Without the pairing, "Try again" shows a new QR code: worse, not broken.
            void e
          })
        }
        this.fail(err, current)
      },
    )
  }
}
