// One behaviour switch for every Portico dev wallet (EVM, Solana, Bitcoin, Polkadot,
// WalletConnect). It lives in core, the one package every adapter and @portico/devnet
// can import, behind the `@portico/core/dev-wallet` subpath so no host bundle carries it.

/** What a dev wallet does with the requests that need the user (connect, sign, send, switch/add chain). */
export type DevWalletBehaviour = 'approve' | 'reject' | 'hold'

/** A wrong answer a dev wallet can give once, to test that apps validate what wallets return. */
export type DevWalletTamper = 'accounts' | 'signature'

/** A request held by the behaviour switch until released or rejected. */
export interface HeldRequest {
  /** The wallet method the request came with (a connect, a signature, `session_proposal` …). */
  readonly method: string
  readonly params: unknown
  /** Let it through (it then runs as approved). */
  release(): void
  /** Fail it: with the user-rejection error (4001) by default, or with `error`. */
  reject(error?: Error): void
}

/**
 * The behaviour switch every Portico dev wallet exposes, so tests and the
 * conformance kit drive any wallet the same way: approve (default), reject
 * (like a user pressing Cancel), or hold a request until the test releases or
 * rejects it (a slow user, a race).
 *
 * @example
 * wallet.rejectNext()            // the next connect / sign / send fails with 4001
 * wallet.holdNext()
 * const held = await wallet.nextHeld(); held.release()
 */
export interface DevWalletControls {
  /** What happens to every user request from now on (default 'approve'); drops any `rejectNext` / `holdNext` not yet used. */
  setBehaviour(behaviour: DevWalletBehaviour): void
  readonly behaviour: DevWalletBehaviour
  /** The next user request fails with the wallet's user-rejection error, or with `error`. */
  rejectNext(error?: Error): void
  /** The next user request waits until released (see `nextHeld()` / `releaseAll()`). */
  holdNext(): void
  /** Requests currently held, oldest first. */
  readonly pending: readonly HeldRequest[]
  /** Resolves with the oldest held request (at once if one is already waiting). */
  nextHeld(): Promise<HeldRequest>
  releaseAll(): void
  rejectAll(): void
  /**
   * The next answer of this kind is malformed: `accounts` — the next connect
   * returns an address that is not one; `signature` — the next signature has
   * the wrong length.
   */
  tamperNext(kind: DevWalletTamper): void
}

/** The gate a dev wallet puts in front of its user requests, with the controls it exposes. */
export interface ApprovalGate extends DevWalletControls {
  /** Waits for the user's decision on a request: resolves when approved, throws when rejected. */
  approve(method: string, params: unknown): Promise<void>
  /** True once if a tamper of `kind` was asked for (and consumes it). */
  takeTamper(kind: DevWalletTamper): boolean
}

type Decision = { mode: 'approve' } | { mode: 'hold' } | { mode: 'reject'; error?: Error }

/**
 * Creates the approval gate. `userRejected` builds the wallet's own rejection
 * error (EIP-1193 4001, Wallet Standard, WalletConnect 5000 …).
 *
 * @example
 * const gate = createApprovalGate(() => new ProviderRpcError(4001, 'User rejected the request.'))
 * await gate.approve('personal_sign', params)
 */
export function createApprovalGate(userRejected: () => Error): ApprovalGate {
  let behaviour: DevWalletBehaviour = 'approve'
  const oneShot: Decision[] = []
  const held: HeldRequest[] = []
  const waiters: ((r: HeldRequest) => void)[] = []
  const tampers: DevWalletTamper[] = []
  const drop = (entry: HeldRequest) => {
    const i = held.indexOf(entry)
    if (i >= 0) held.splice(i, 1)
  }
  return {
    get behaviour() {
      return behaviour
    },
    setBehaviour(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'hold')
        throw new TypeError(`dev wallet: unknown behaviour ${String(next)}`)
      behaviour = next
      oneShot.length = 0
    },
    rejectNext(error) {
      oneShot.push(error ? { mode: 'reject', error } : { mode: 'reject' })
    },
    holdNext() {
      oneShot.push({ mode: 'hold' })
    },
    get pending() {
      return [...held]
    },
    nextHeld() {
      const first = held[0]
      if (first) return Promise.resolve(first)
      return new Promise((resolve) => waiters.push(resolve))
    },
    releaseAll() {
      for (const h of [...held]) h.release()
    },
    rejectAll() {
      for (const h of [...held]) h.reject()
    },
    tamperNext(kind) {
      tampers.push(kind)
    },
    takeTamper(kind) {
      const i = tampers.indexOf(kind)
      if (i < 0) return false
      tampers.splice(i, 1)
      return true
    },
    async approve(method, params) {
      const decision: Decision = oneShot.shift() ?? ({ mode: behaviour } as Decision)
      if (decision.mode === 'approve') return
      if (decision.mode === 'reject') throw decision.error ?? userRejected()
      await new Promise<void>((resolve, reject) => {
        const entry: HeldRequest = {
          method,
          params,
          release: () => {
            drop(entry)
            resolve()
          },
          reject: (error) => {
            drop(entry)
            reject(error ?? userRejected())
          },
        }
        held.push(entry)
        for (const w of waiters.splice(0)) w(entry)
      })
    },
  }
}
