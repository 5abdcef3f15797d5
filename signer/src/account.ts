import type { CodeOutcome, CodePrompt } from './code-entry/index.js'
import { type ExportedKeys, showExportCard } from './export.js'
import { bytesToHex, loadDeviceShare, reassemble } from './keys.js'
import type { AccountRequest, FrameError, FrameRequest } from './protocol.js'

/**
 * Issue 14 account flows inside the frame: the device-approval wait after a
 * right code (the pending token stays here, in memory: whoever holds it gets
 * the session once the link is approved), the two-code email change, and the
 * key export, whose key (and the Solana key derived from it) is reassembled
 * and shown in this frame's own card — never put in a reply to the dApp page.
 *
 * Issue 29: the export's code and both email-change codes are typed in this
 * frame's code card (code-entry/) and go from here to the gateway; the page
 * asks for the card and learns only how it ended.
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
  /** The frame's code card, shown over the modal (code-entry/). */
  askCode(prompt: CodePrompt): Promise<CodeOutcome>
}

const DEVICE_KEY = 'portico-ew-device'
const ACCOUNT_TYPES: ReadonlySet<string> = new Set<AccountRequest['type']>([
  'device.poll',
  'device.resend',
  'device.cancel',
  'email.change',
  'email.change.enter',
  'export.request',
  'export.enter',
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
/** The email change under way: both addresses (for the card's text), its stage, when that stage's code was mailed. */
let change: { oldEmail: string; newEmail: string; stage: 'old' | 'new'; sentAt: number } | undefined
/** When this frame last had an export code mailed (the card's 30 s resend cool-down). */
let exportSentAt: number | undefined

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
      const t = signedIn(deps)
      const oldEmail = await sessionEmail(deps, t)
      const r = await deps.api<{ stage: string; expiresAt: number }>(
        'POST',
        '/v1/auth/email/change',
        { newEmail: request.newEmail },
        t,
      )
      if (r.stage !== 'old') throw malformed(deps)
      change = {
        oldEmail,
        newEmail: request.newEmail,
        stage: 'old',
        sentAt: Date.now(),
      }
      return { stage: r.stage, expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'email.change.enter':
      return enterChangeCode(deps, request.stage)
    case 'export.request': {
      const r = await deps.api<{ expiresAt: number }>(
        'POST',
        '/v1/auth/export/otp',
        undefined,
        signedIn(deps),
      )
      exportSentAt = Date.now()
      return { expiresAt: when(r.expiresAt) ?? 0 }
    }
    case 'export.enter': {
      const t = signedIn(deps)
      const outcome = await deps.askCode({
        email: await sessionEmail(deps, t),
        lastSent: exportSentAt,
        purpose: 'export',
        verify: (code) => deps.api('POST', '/v1/auth/export', { code }, t),
        resend: async () => {
          await deps.api('POST', '/v1/auth/export/otp', undefined, t)
          exportSentAt = Date.now()
        },
      })
      if (!outcome.ok) return { status: 'cancelled' }
      const released = outcome.answer as { address?: unknown; share?: unknown }
      if (typeof released.address !== 'string' || typeof released.share !== 'string') throw malformed(deps)
      const device = await loadDeviceShare(released.address)
      if (!device) throw deps.refuse({ code: 4100, message: 'Action not allowed' })
      const key = await reassemble(released.address, device, released.share)
      exportSentAt = undefined
      let shown: ExportedKeys | undefined
      try {
        // The Solana key is derived from the same secret, when this browser has Ed25519.
        shown = {
          address: released.address,
          key: bytesToHex(key),
          // The Solana signer's chunk, fetched on this first use.
          solana: await (await import('./solana.js')).solanaExport(key),
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

/** The signed-in account's email (the code cards name the address the code went to). */
async function sessionEmail(deps: AccountDeps, t: string): Promise<string> {
  const s = await deps.api<{ email?: unknown }>('GET', '/v1/auth/session', undefined, t)
  if (typeof s.email !== 'string') throw malformed(deps)
  return s.email
}

/**
 * One stage of the email change in the frame's code card: the code mailed to
 * the current address, then the one mailed to the new address. Its "Resend
 * code" asks the gateway for that stage's code again (SPEC's 30 s, counted
 * from when this frame had it mailed). Answers the next step, or cancelled.
 */
async function enterChangeCode(deps: AccountDeps, stage: 'old' | 'new'): Promise<unknown> {
  const t = signedIn(deps)
  const c = change
  if (!c || c.stage !== stage)
    throw deps.refuse({ code: 'change_unknown', message: 'No email change is waiting for this code' })
  const outcome = await deps.askCode({
    email: stage === 'old' ? c.oldEmail : c.newEmail,
    lastSent: c.sentAt,
    purpose: stage === 'old' ? 'email-old' : 'email-new',
    verify: (code) => deps.api('POST', '/v1/auth/email/change/verify', { code }, t),
    resend: async () => {
      await deps.api('POST', '/v1/auth/email/change/resend', { stage }, t)
      c.sentAt = Date.now()
    },
  })
  if (!outcome.ok) return { status: 'cancelled' }
  const r = outcome.answer as { stage?: unknown; expiresAt?: unknown; email?: unknown }
  if (r.stage === 'done') {
    if (typeof r.email !== 'string') throw malformed(deps)
    change = undefined
    return { stage: 'done', email: r.email }
  }
  if (r.stage !== 'new') throw malformed(deps)
  // The new address's code was mailed just now: its own cool-down starts here.
  change = { ...c, stage: 'new', sentAt: Date.now() }
  return { stage: 'new', expiresAt: when(r.expiresAt) ?? 0 }
}
