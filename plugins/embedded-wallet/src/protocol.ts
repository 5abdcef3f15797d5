/**
 * The dApp side of the embedded-wallet postMessage protocol (v1); the signer
 * frame (served by the gateway) checks the same shapes with its own code.
 * Everything the frame sends is untrusted here until it passes `parseFrameMessage`.
 */
import { SOCIAL_PROVIDERS, type SocialProvider } from '@portico/core'
import { SOLANA_ADDRESS } from './solana-protocol.js'

export const PROTOCOL_TAG = 'embedded-wallet'

/** A request the modal sends to the frame. */
export type FramePayload =
  | { type: 'otp.request'; email: string }
  /** Issue 29: the frame's own card takes the code; `lastSent` is the stored last attempt (SPEC §4). */
  | { type: 'otp.enter'; email: string; lastSent?: number }
  | { type: 'session.get' }
  | { type: 'logout' }
  | { type: 'rpc'; method: string; params: unknown[]; chainId: number }
  | { type: 'social.start'; provider: string }
  | { type: 'social.finish' | 'social.cancel'; state: string }
  /** A Solana signature (`solana_signMessage`, `solana_signTransaction`) on a cluster's CAIP-2 id. */
  | { type: 'solana'; method: string; params: Record<string, unknown>; chainId: string }
  /** Issue 14's other namespaces: the WalletConnect method of the namespace, on a chain's CAIP-2 id. */
  | {
      type: 'bip122' | 'cosmos' | 'polkadot'
      method: string
      params: Record<string, unknown>
      chainId: string
    }
  | AccountPayload
  | { type: 'farcaster.start' }
  | { type: 'farcaster.finish' | 'farcaster.cancel'; channel: string }

/** Issue 14 account requests: the device-approval wait, the email change, the key export (shown in the frame only). */
export type AccountPayload =
  | { type: 'device.poll' | 'device.resend' | 'device.cancel' }
  | { type: 'email.change'; newEmail: string }
  /** Issue 29: the frame's own card takes that stage's code (and its resend); this page never sees a code. */
  | { type: 'email.change.enter'; stage: 'old' | 'new' }
  /** `export.enter`: the export code is typed in the frame's card, which then shows the key. */
  | { type: 'export.request' | 'export.enter' }

/** The frame's error: an EIP-1193 code (4001 declined, 4200 not allowed…) or a gateway code (`email_cooldown`). */
export interface FrameErrorInfo {
  code: number | string
  message: string
  status?: number
}

export type FrameMessage =
  | { kind: 'ready' }
  | { kind: 'ui'; visible: boolean }
  | { kind: 'reply'; id: string; result: unknown }
  | { kind: 'error'; id: string; error: FrameErrorInfo }

const ID = /^[A-Za-z0-9_-]{1,64}$/
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A frame message, or undefined when `data` is not one (ignored by the client). */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  if (!isObj(data) || data.portico !== PROTOCOL_TAG || data.v !== 1) return undefined
  if (data.event === 'ready') return { kind: 'ready' }
  if (data.event === 'ui')
    return typeof data.visible === 'boolean' ? { kind: 'ui', visible: data.visible } : undefined
  if (typeof data.id !== 'string' || !ID.test(data.id)) return undefined
  if (data.ok === true) return { kind: 'reply', id: data.id, result: data.result }
  if (data.ok !== false || !isObj(data.error)) return undefined
  const { code, message, status } = data.error
  if ((typeof code !== 'number' && typeof code !== 'string') || typeof message !== 'string') return undefined
  return {
    kind: 'error',
    id: data.id,
    error: {
      code: typeof code === 'string' ? code.slice(0, 64) : code,
      message: message.slice(0, 300),
      ...(typeof status === 'number' ? { status } : {}),
    },
  }
}

/** The envelope of a request to the frame. */
export function frameRequest(id: string, payload: FramePayload) {
  return { portico: PROTOCOL_TAG, v: 1, id, payload }
}

/**
 * A session answer from the frame (`session.get`, `otp.enter`, `social.finish`):
 * the email (for a social login: the provider's email or name) and the wallet
 * address, with the social provider when the login was social, and the
 * wallet's Solana address when the frame has one; or null.
 */
export function parseSession(result: unknown):
  | {
      email: string
      address: `0x${string}`
      provider?: SocialProvider
      farcaster?: true
      solanaAddress?: string
    }
  | null
  | undefined {
  if (result === null) return null
  if (!isObj(result) || typeof result.email !== 'string' || result.email.length > 254) return undefined
  if (typeof result.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(result.address)) return undefined
  const address = result.address as `0x${string}`
  // A Farcaster session: `email` is the name the gateway gives (`@username` or `fid N`).
  const farcaster = result.provider === 'farcaster'
  const provider = SOCIAL_PROVIDERS.find((p) => p === result.provider)
  if (result.provider !== undefined && !provider && !farcaster) return undefined
  const solana = result.solanaAddress
  if (solana !== undefined && (typeof solana !== 'string' || !SOLANA_ADDRESS.test(solana))) return undefined
  return {
    email: result.email,
    address,
    ...(provider ? { provider } : {}),
    ...(farcaster ? { farcaster: true as const } : {}),
    ...(typeof solana === 'string' ? { solanaAddress: solana } : {}),
  }
}

/** The frame's answer to `social.start`: where the popup goes, and the state naming the sign-in. */
export function parseSocialStart(result: unknown): { url: string; state: string } | undefined {
  if (!isObj(result) || typeof result.url !== 'string' || typeof result.state !== 'string') return undefined
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(result.state) || result.url.length > 4096) return undefined
  try {
    const u = new URL(result.url)
    return u.protocol === 'https:' || u.protocol === 'http:'
      ? { url: u.toString(), state: result.state }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The frame's answer to `farcaster.start`: the frame's name for the sign-in
 * and when it expires (epoch ms). Issue 29: nothing else — the deep link and
 * the relay's channel token in it stay in the frame, which draws the QR code
 * in its own card during `farcaster.finish`.
 */
export function parseFarcasterStart(result: unknown): { channel: string; expiresAt: number } | undefined {
  if (!isObj(result) || typeof result.channel !== 'string') return undefined
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(result.channel)) return undefined
  const { expiresAt } = result
  if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt) || expiresAt <= 0) return undefined
  return { channel: result.channel, expiresAt }
}
