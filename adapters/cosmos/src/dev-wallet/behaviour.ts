import { KEPLR_REJECTED_MESSAGE } from '../keplr/index.js'

/** What the dev wallet does with requests that need the user (enable, suggest chain, sign). */
export type CosmosDevWalletBehaviour = 'approve' | 'reject' | 'hold'

/** A wrong answer the dev wallet gives once, to test that apps validate what wallets return. */
export type CosmosDevWalletTamper = 'accounts' | 'signature'

/** A request held by the behaviour switch until released or rejected. */
export interface HeldRequest {
  method: string
  params: unknown
  /** Let it through (it then runs as approved). */
  release(): void
  /** Fail it as a user's Cancel does (`Request rejected`). */
  reject(): void
}

/** The error Keplr throws when the user declines. */
export function userRejected(): Error {
  return new Error(KEPLR_REJECTED_MESSAGE)
}

/**
 * The approve / reject / hold switch shared by the dev wallet's user
 * requests, with the same API as the EVM dev wallet (`setBehaviour`,
 * `rejectNext`, `holdNext`, `pending`, `nextHeld`, `releaseAll`, `rejectAll`).
 */
export class BehaviourSwitch {
  private behaviour: CosmosDevWalletBehaviour = 'approve'
  private readonly oneShot: CosmosDevWalletBehaviour[] = []
  private readonly held: HeldRequest[] = []
  private readonly waiters: ((r: HeldRequest) => void)[] = []
  private readonly tampers: CosmosDevWalletTamper[] = []

  /** Drops any `rejectNext` / `holdNext` not yet used, as the other Portico dev wallets do. */
  setBehaviour(behaviour: CosmosDevWalletBehaviour): void {
    this.behaviour = behaviour
    this.oneShot.length = 0
  }
  get current(): CosmosDevWalletBehaviour {
    return this.behaviour
  }
  tamperNext(kind: CosmosDevWalletTamper): void {
    if (kind !== 'accounts' && kind !== 'signature') throw new Error(`unknown tamper ${String(kind)}`)
    this.tampers.push(kind)
  }
  /** True once if a tamper of `kind` was asked for (and consumes it). */
  tampered(kind: CosmosDevWalletTamper): boolean {
    const i = this.tampers.indexOf(kind)
    if (i < 0) return false
    this.tampers.splice(i, 1)
    return true
  }
  rejectNext(): void {
    this.oneShot.push('reject')
  }
  holdNext(): void {
    this.oneShot.push('hold')
  }
  get pending(): readonly HeldRequest[] {
    return [...this.held]
  }
  nextHeld(): Promise<HeldRequest> {
    const first = this.held[0]
    if (first) return Promise.resolve(first)
    return new Promise((resolve) => this.waiters.push(resolve))
  }
  releaseAll(): void {
    for (const h of [...this.held]) h.release()
  }
  rejectAll(): void {
    for (const h of [...this.held]) h.reject()
  }

  /** The user's decision on a request: resolves when approved, throws `Request rejected` otherwise. */
  async approval(method: string, params: unknown): Promise<void> {
    const decision = this.oneShot.shift() ?? this.behaviour
    if (decision === 'approve') return
    if (decision === 'reject') throw userRejected()
    await new Promise<void>((resolve, reject) => {
      const request: HeldRequest = {
        method,
        params,
        release: () => {
          this.remove(request)
          resolve()
        },
        reject: () => {
          this.remove(request)
          reject(userRejected())
        },
      }
      this.held.push(request)
      for (const w of this.waiters.splice(0)) w(request)
    })
  }

  private remove(request: HeldRequest): void {
    const i = this.held.indexOf(request)
    if (i >= 0) this.held.splice(i, 1)
  }
}
