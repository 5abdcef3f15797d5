/**
 * The frame side of the embedded-wallet postMessage protocol (v1). The dApp
 * side (`@portico/plugin-embedded-wallet`) validates the same shapes with its
 * own code: each side checks what it receives, neither trusts the other's
 * validator. Every message: `{ portico: 'embedded-wallet', v: 1, … }`.
 */
import type { ChainType } from './chain-keys.js'
import { parseSolanaRequest, type SolanaFrameRequest } from './solana-protocol.js'

export const TAG = 'embedded-wallet'

export type FrameRequest =
  | { type: 'otp.request'; email: string }
  /**
   * Issue 29: the frame shows its own code card and checks the code with the
   * gateway itself; the dApp page never sees the code. `lastSent` (epoch ms)
   * is the page's stored last attempt, for SPEC's 30 s resend cool-down.
   */
  | { type: 'otp.enter'; email: string; lastSent?: number }
  | { type: 'session.get' }
  | { type: 'logout' }
  | { type: 'rpc'; method: string; params: unknown[]; chainId: number }
  | { type: 'social.start'; provider: string }
  | { type: 'social.finish' | 'social.cancel'; state: string }
  | SolanaFrameRequest
  | UncheckedChainRequest
  | AccountRequest
  | { type: 'farcaster.start' }
  | { type: 'farcaster.finish' | 'farcaster.cancel'; channel: string }

/**
 * A Bitcoin, Cosmos or Polkadot request as it arrived: its namespace's module
 * (a lazy chunk) checks the payload before anything else reads it
 * (chain-session.ts); one that fails is answered -32602.
 */
export interface UncheckedChainRequest {
  type: ChainType
  payload: Record<string, unknown>
}

/**
 * Issue 14 account requests (page/account.ts): the device-approval wait
 * after a code, the two-code email change and the key export, whose key is
 * shown only in this frame's own card (never in a reply).
 */
export type AccountRequest =
  | { type: 'device.poll' | 'device.resend' | 'device.cancel' }
  | { type: 'email.change'; newEmail: string }
  /**
   * Issue 29: the frame's own card takes the code of that stage (and its
   * "Resend code"); the page never sends or sees a code.
   */
  | { type: 'email.change.enter'; stage: 'old' | 'new' }
  /** The export's fresh code is typed in the frame's card, which then shows the key. */
  | { type: 'export.request' | 'export.enter' }

/** Frame-origin RPC methods it signs (all not-safe: each needs Approve in the frame). */
export const SIGNING_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction'] as const

const ID = /^[A-Za-z0-9_-]{1,64}$/
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The id of a message in this protocol's envelope whose payload did not pass
 * `parseRequest`: the frame answers it with an error instead of leaving the
 * dApp waiting (a signature request has no time-out). Undefined otherwise.
 */
export function rejectedId(data: unknown): string | undefined {
  if (!isObj(data) || data.portico !== TAG || data.v !== 1) return undefined
  return typeof data.id === 'string' && ID.test(data.id) && isObj(data.payload) ? data.id : undefined
}

/** A request from the parent, or undefined when the message is not a valid one (see `rejectedId`). */
export function parseRequest(data: unknown): { id: string; request: FrameRequest } | undefined {
  if (!isObj(data) || data.portico !== TAG || data.v !== 1) return undefined
  if (typeof data.id !== 'string' || !ID.test(data.id)) return undefined
  const p = data.payload
  if (!isObj(p) || typeof p.type !== 'string') return undefined
  const id = data.id
  switch (p.type) {
    case 'otp.request':
      return typeof p.email === 'string' && p.email.length <= 254
        ? { id, request: { type: p.type, email: p.email } }
        : undefined
    case 'otp.enter': {
      // A code never comes from the page: only the address, and when its code was sent.
      if (typeof p.email !== 'string' || p.email.length < 3 || p.email.length > 254) return undefined
      const { lastSent } = p
      if (
        lastSent !== undefined &&
        (typeof lastSent !== 'number' || !Number.isSafeInteger(lastSent) || lastSent < 0)
      )
        return undefined
      return {
        id,
        request: { type: p.type, email: p.email, ...(lastSent !== undefined ? { lastSent } : {}) },
      }
    }
    case 'session.get':
    case 'logout':
      return { id, request: { type: p.type } }
    case 'social.start':
      return typeof p.provider === 'string' && /^[a-z]{1,16}$/.test(p.provider)
        ? { id, request: { type: p.type, provider: p.provider } }
        : undefined
    case 'social.finish':
    case 'social.cancel':
      return typeof p.state === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(p.state)
        ? { id, request: { type: p.type, state: p.state } }
        : undefined
    case 'farcaster.start':
      return { id, request: { type: p.type } }
    case 'farcaster.finish':
    case 'farcaster.cancel':
      return typeof p.channel === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(p.channel)
        ? { id, request: { type: p.type, channel: p.channel } }
        : undefined
    case 'device.poll':
    case 'device.resend':
    case 'device.cancel':
    case 'export.request':
    case 'export.enter':
      return { id, request: { type: p.type } }
    case 'email.change':
      return typeof p.newEmail === 'string' && p.newEmail.length >= 3 && p.newEmail.length <= 254
        ? { id, request: { type: p.type, newEmail: p.newEmail } }
        : undefined
    case 'email.change.enter':
      return p.stage === 'old' || p.stage === 'new'
        ? { id, request: { type: p.type, stage: p.stage } }
        : undefined
    case 'rpc':
      return typeof p.method === 'string' &&
        p.method.length <= 64 &&
        Array.isArray(p.params) &&
        p.params.length <= 4 &&
        typeof p.chainId === 'number' &&
        Number.isSafeInteger(p.chainId) &&
        p.chainId > 0
        ? { id, request: { type: 'rpc', method: p.method, params: p.params, chainId: p.chainId } }
        : undefined
    case 'solana': {
      const request = parseSolanaRequest(p)
      return request ? { id, request } : undefined
    }
    case 'bip122':
    case 'cosmos':
    case 'polkadot':
      // The envelope only: each namespace checks its methods and params (page/<namespace>/).
      return typeof p.method === 'string' && p.method.length <= 64 && isObj(p.params)
        ? { id, request: { type: p.type, payload: p } }
        : undefined
    default:
      return undefined
  }
}

/** An error the frame answers: an EIP-1193 code where one applies, SPEC §8 text. */
export interface FrameError {
  code: number | string
  message: string
  /** HTTP status of a gateway refusal (429 cool-down…). */
  status?: number
}

export const reply = (id: string, result: unknown) => ({ portico: TAG, v: 1, id, ok: true, result })
export const fail = (id: string, error: FrameError) => ({ portico: TAG, v: 1, id, ok: false, error })
export const event = (name: 'ready' | 'ui', data: Record<string, unknown> = {}) => ({
  portico: TAG,
  v: 1,
  event: name,
  ...data,
})
