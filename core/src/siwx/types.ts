import type { CaipNetworkId, ChainNamespace } from '../contracts/index.js'

/**
 * `createPortico({ siwx })`: ask every connected account to sign in with a
 * CAIP-122 message verified by the gateway (`apiUrl`), which answers a
 * session token the core keeps per account.
 */
export interface SiwxOptions {
  /** Declining disconnects the wallet (default false: it stays connected, not signed in). */
  required?: boolean
  /** The one line the visitor reads in the message (default: "Sign in to <metadata name>."). */
  statement?: string
  /** Lifetime written into the message as "Expiration Time" (default 24 h; at most 7 days). */
  expiresInMs?: number
  /** Authority of the site (default `location.host`; needed outside a browser). */
  domain?: string
  /** URI of the site (default `location.origin`; needed outside a browser). */
  uri?: string
  /** Open the sign-in view by itself after a connect (default true); false → call `portico.siwx.request()`. */
  autoPrompt?: boolean
}

/** A session the gateway issued for one signed-in account. */
export interface SiwxSession {
  /** Bearer token for the gateway; kept in the instance's storage per account. */
  token: string
  id: string
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId
  /** Epoch ms. */
  issuedAt: number
  expiresAt: number
}

/**
 * SPEC §4 sign-in session: requested → signed → stored. `idle` (no account
 * or no sign-in), `preparing` (nonce, message), `requested` (waiting for the
 * visitor), `signing` (the wallet is asked), `verifying` (the gateway
 * checks), `signed` (a stored session), `declined`, `error` (with `error`).
 */
export type SiwxStatus =
  | 'idle'
  | 'restoring'
  | 'preparing'
  | 'requested'
  | 'signing'
  | 'verifying'
  | 'signed'
  | 'declined'
  | 'error'

export interface SiwxState {
  status: SiwxStatus
  required: boolean
  namespace?: ChainNamespace
  address?: string
  caipNetworkId?: CaipNetworkId
  /** The exact text the wallet is asked to sign (rendered as text). */
  message?: string
  session?: SiwxSession
  /** The last failure, in visitor-facing words; cleared by the next attempt. */
  error?: { message: string; code?: string }
}

/** `portico.siwx`: the sign-in state and its actions (present when `createPortico` got `siwx`). */
export interface SiwxController {
  getState(): SiwxState
  subscribe(listener: (state: SiwxState) => void): () => void
  /** Prepares a fresh message for the active account (new nonce) and shows the sign-in view. */
  request(): Promise<void>
  /** Asks the wallet to sign the prepared message, then has the gateway verify it. Resolves the session. */
  signIn(): Promise<SiwxSession>
  /** The visitor said no: disconnects when sign-in is required, else stays connected, not signed in. */
  decline(): Promise<void>
  /**
   * Asks the gateway whether the stored session still holds (`GET /v1/siwx/me`).
   * A session the gateway refuses (revoked, expired, unknown) is forgotten and
   * the visitor is asked to sign in again; resolves the live session, or
   * undefined when there is none. Call it when your own back end refused the
   * token. A gateway that cannot be reached rejects and keeps the token.
   */
  check(): Promise<SiwxSession | undefined>
  /** Ends the session on the gateway and forgets its token. */
  signOut(): Promise<void>
  /** The stored session of the active account, if signed in. */
  getSession(): SiwxSession | undefined
}
