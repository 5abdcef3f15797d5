import { bytesToHex } from 'viem'
import { type ExportedKeys, showExportCard } from './export.js'
import { loadDeviceShare, reassemble } from './keys.js'
import type { AccountRequest, FrameError, FrameRequest } from './protocol.js'
import { solanaExport } from './solana.js'

/**
 * Issue 14 account flows inside the frame: the device-approval wait after a
 * right code (the pending token stays here, in memory: whoever holds it gets
 * the session once the link is approved), the two-code email change, and the
 * key export, whose key (and the Solana key derived from it) is reassembled
 * and shown in this frame's own card — never put in a reply to the dApp page.
 */
export interface AccountDeps {
  api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>
  token(): string | undefined
  setToken(token: string): void
  /** The session answer the dApp gets after a login (`{ email, address }`), or null. */
  session(): Promise<unknown>
  setUi(visible: boolean): void
  refuse(info: FrameError): Error
  /** The Bitcoin, Cosmos and Polkadot keys of a secret, for the export card (chain-session.ts). */
  exportChains(secret: Uint8Array): Promise<NonNullable<ExportedKeys['chains']>>
}

const DEVICE_KEY = 'portico-ew-device'
const ACCOUNT_TYPES: ReadonlySet<string> = new Set<AccountRequest['type']>([
  'device.poll',
  'device.resend',
  'device.cancel',
  'email.change',
  'email.change.verify',
  'email.change.resend',
  'export.request',
  'export.show',
])

export const isAccountRequest = (r: FrameRequest): r is AccountRequest => ACCOUNT_TYPES.has(r.type)

/** This browser's device id (made once, kept in the signer origin's storage; the gateway keeps only a MAC of it). */
export function deviceId(): string {
  const kept = localStorage.getItem(DEVICE_KEY)
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  localStorage.setItem(DEVICE_KEY, id)
  return id
}

let pending: { token: string; email: string } | undefined

type LoginAnswer = {
  status?: string
  token?: unknown
  pendingToken?: unknown
  email?: unknown
  expiresAt?: unknown
}
const when = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const malformed = (deps: AccountDeps) => deps.refuse({ code: 'internal', message: 'An error occurred' })

/** After a right code: the session (kept here; the dApp gets `{ email, address }`), or the wait for the mailed link. */
export async function afterCode(deps: AccountDeps, answer: LoginAnswer): Promise<unknown> {
  if (answer.status === 'device_approval') {
    if (typeof answer.pendingToken !== 'string' || typeof answer.email !== 'string') throw malformed(deps)
    pending = { token: answer.pendingToken, email: answer.email }
    return { status: 'device_approval', email: answer.email, expiresAt: when(answer.expiresAt) ?? 0 }
  }
  if (typeof answer.token !== 'string') throw malformed(deps)
  pending = undefined
  deps.setToken(answer.token)
  return deps.session()
}

function waiting(deps: AccountDeps) {
  if (!pending)
    throw deps.refuse({ code: 'pending_unknown', message: 'No login is waiting for a device approval' })
  return pending
}

function signedIn(deps: AccountDeps): string {
  const t = deps.token()
  if (!t) throw deps.refuse({ code: 4100, message: 'Action not allowed' })
  return t
}

export async function handleAccount(request: AccountRequest, deps: AccountDeps): Promise<unknown> {
  switch (request.type) {
    case 'device.poll': {
      const p = waiting(deps)
      let r: LoginAnswer
      try {
        r = await deps.api<LoginAnswer>('POST', '/v1/auth/device/poll', { pendingToken: p.token })
      } catch (error) {
        // A login the gateway no longer knows cannot come back; an expired link can be mailed again.
        if ((error as { info?: FrameError }).info?.code === 'pending_unknown') pending = undefined
        throw error
      }
      if (r.status !== 'connected') return { status: 'waiting', expiresAt: when(r.expiresAt) ?? 0 }
      return afterCode(deps, r)
    }
    case 'device.resend': {
      const p = waiting(deps)
      const r = await deps.api<LoginAnswer>('POST', '/v1/auth/device/resend', { pendingToken: p.token })
      return { expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'device.cancel':
      pending = undefined
      return null
    case 'email.change': {
      const r = await deps.api<{ stage: string; expiresAt: number }>(
        'POST',
        '/v1/auth/email/change',
        { newEmail: request.newEmail },
        signedIn(deps),
      )
      return { stage: r.stage, expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'email.change.verify': {
      const r = await deps.api<{ stage: string; expiresAt?: number; email?: string }>(
        'POST',
        '/v1/auth/email/change/verify',
        { code: request.code },
        signedIn(deps),
      )
      if (r.stage === 'done') {
        if (typeof r.email !== 'string') throw malformed(deps)
        return { stage: 'done', email: r.email }
      }
      return { stage: r.stage, expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'email.change.resend': {
      // The same stage's code again; the gateway holds it to SPEC's 30 s and drops the previous code.
      const r = await deps.api<{ stage: string; expiresAt: number }>(
        'POST',
        '/v1/auth/email/change/resend',
        { stage: request.stage },
        signedIn(deps),
      )
      return { stage: r.stage, expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'export.request': {
      const r = await deps.api<{ expiresAt: number }>(
        'POST',
        '/v1/auth/export/otp',
        undefined,
        signedIn(deps),
      )
      return { expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'export.show': {
      const t = signedIn(deps)
      const released = await deps.api<{ address: string; share: string }>(
        'POST',
        '/v1/auth/export',
        { code: request.code },
        t,
      )
      const device = await loadDeviceShare(released.address)
      if (!device) throw deps.refuse({ code: 4100, message: 'Action not allowed' })
      const key = await reassemble(released.address, device, released.share)
      let shown: ExportedKeys | undefined
      try {
        // The Solana key is derived from the same secret, when this browser has Ed25519.
        shown = {
          address: released.address,
          key: bytesToHex(key),
          solana: await solanaExport(key),
          chains: await deps.exportChains(key),
        }
      } finally {
        key.fill(0)
      }
      deps.setUi(true)
      try {
        await showExportCard(document, shown)
      } finally {
        shown = undefined
        deps.setUi(false)
      }
      // Only that the card was shown and closed: the keys stay in this frame.
      return { shown: true }
    }
  }
}
