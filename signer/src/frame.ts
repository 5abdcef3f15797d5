import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AccountDeps, afterCode, deviceId, handleAccount, isAccountRequest } from './account.js'
import { askApproval, type Card } from './approve/index.js'
import { chainFrame } from './chain-session.js'
import { CHAIN_TYPES, importChainKeys } from './chains.js'
import { askCode, type CodeOutcome, type CodePrompt } from './code-entry/index.js'
import { describeEvm, EvmWireError, parseEvmRequest } from './evm/index.js'
import { cancelFarcaster, FarcasterWaitEnded, startFarcaster, waitForFarcaster } from './farcaster.js'
import { createWallet, loadDeviceShare, reassemble, saveDeviceShare } from './keys.js'
import { askPassphrase } from './passphrase.js'
import {
  event,
  type FrameError,
  type FrameRequest,
  fail,
  parseRequest,
  rejectedId,
  reply,
  SIGNING_METHODS,
} from './protocol.js'
import {
  deriveRecovery,
  openRecovery,
  parseRecoveryKdf,
  sealRecovery,
  WrongPassphraseError,
} from './recovery.js'
import { cancelSocial, listenForCallbacks, startSocial, waitForSocial } from './social.js'
import { solanaFrame } from './solana-session.js'
import { chooseFrameLocale, ft } from './strings.js'

/**
 * The signer frame's script (served by the gateway's signer listener as
 * /frame.js). It answers one parent window, on the origin named in its URL,
 * which the gateway already checked against the project's allowlist and
 * pinned with `frame-ancestors`.
 */
const params = new URLSearchParams(location.search)
const parentOrigin = params.get('origin') ?? ''
const projectId = params.get('projectId') ?? ''
const TOKEN_KEY = `portico-ew-session:${projectId}`
// The modal's locale (passed by the plugin): the frame's cards speak it, right to left for Arabic.
const { lang, dir } = chooseFrameLocale(params.get('locale'))
document.documentElement.lang = lang
document.documentElement.dir = dir

class Refusal extends Error {
  constructor(readonly info: FrameError) {
    super(info.message)
  }
}
const declined = () => new Refusal({ code: 4001, message: 'Signature declined' })

function parentIsAllowed(): boolean {
  if (window.parent === window || !parentOrigin) return false
  // Where the browser says who embeds us, it must be the origin we were told.
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  return !ancestors || ancestors.length === 0 || ancestors[0] === parentOrigin
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Sessions are bound to the project that opened them: the gateway checks this on every session call.
      'x-portico-project': projectId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined
  if (!res.ok) {
    throw new Refusal({
      code: typeof json?.code === 'string' ? json.code : 'http_error',
      message: typeof json?.message === 'string' ? json.message : `HTTP status code: ${res.status}`,
      status: res.status,
    })
  }
  return json as T
}

const token = () => localStorage.getItem(TOKEN_KEY) ?? undefined

/** The session's wallet; a first login makes one (device share here, auth share on the gateway). */
async function wallet(t: string): Promise<{ address: string; auth: string }> {
  try {
    const stored = await api<{ address: string; share: string }>('GET', '/v1/auth/share', undefined, t)
    return { address: stored.address, auth: stored.share }
  } catch (error) {
    if (!(error instanceof Refusal) || error.info.status !== 404) throw error
  }
  const w = await createWallet()
  await saveDeviceShare(w.address, w.device)
  // The auth share goes to the gateway only with its sealed recovery share (issue 29): a prompt
  // abandoned here stores nothing, and the next login makes a wallet again. The verifier goes with
  // them: every later release of the recovery share needs the passphrase proven online.
  const recovery = await sealedRecovery(w.address, w.recovery)
  await api(
    'PUT',
    '/v1/auth/share',
    { address: w.address, share: w.auth, recovery: recovery.blob, recoveryVerifier: recovery.verifier },
    t,
  )
  return { address: w.address, auth: w.auth }
}

/** First device: the visitor sets a passphrase here, in the frame; the gateway gets only the sealed share and its verifier. */
async function sealedRecovery(
  address: string,
  recovery: string,
): Promise<{ blob: string; verifier: string }> {
  setUi(true)
  let passphrase: string | undefined
  try {
    // Required: without it the wallet would live on this browser's storage alone.
    while (!passphrase) passphrase = await askPassphrase(document, { mode: 'set' })
  } finally {
    setUi(false)
  }
  return sealRecovery(recovery, passphrase, address)
}

const recoveryLocked = () =>
  new Refusal({
    code: 'recovery_locked',
    message: 'Wrong passphrase. Recovery is locked for now: try again later.',
  })

/**
 * A device without a device share (issue 14, "a second device needs the
 * recovery passphrase"): the passphrase typed here opens the recovery share;
 * with the auth share it must rebuild this wallet's key; then it becomes this
 * device's share. The old device's share keeps working (nothing is re-split):
 * two devices of one visitor both sign, and no gateway write can lose a share.
 *
 * Issue 29: the gateway releases the share only to a proof of the passphrase
 * (the verifier derived here from the blob's salt), counting each miss. A
 * wallet stored before the proof gets the counted release of before, and its
 * verifier is added after the unlock, signed with the rebuilt key.
 */
async function recoverDevice(t: string, w: { address: string; auth: string }): Promise<void> {
  const status = await api<{ exists: boolean; kdf?: string; proof?: boolean }>(
    'GET',
    '/v1/auth/recovery',
    undefined,
    t,
  )
  if (!status.exists)
    throw new Refusal({
      code: 'device_share_missing',
      message: 'This device holds no key share of this wallet, and the wallet has no recovery passphrase',
    })
  const kdf = status.kdf ? parseRecoveryKdf(status.kdf) : undefined
  if (!kdf) throw new Refusal({ code: 'internal', message: 'An error occurred' })
  let error: string | undefined
  setUi(true)
  try {
    for (;;) {
      const passphrase = await askPassphrase(document, { mode: 'enter', ...(error ? { error } : {}) })
      if (passphrase === undefined) throw new Refusal({ code: 4001, message: 'Request was aborted' })
      const derived = await deriveRecovery(passphrase, kdf)
      const released = await api<
        | { released: true; blob: string; attemptsLeft: number; proof: boolean }
        | { released: false; attemptsLeft: number }
      >('POST', '/v1/auth/recovery/release', status.proof ? { verifier: derived.verifier } : {}, t)
      const wrong = (left: number) => {
        if (left <= 0) throw recoveryLocked()
        return left === 1 ? ft('wrongOne') : ft('wrongMany', { left })
      }
      if (!released.released) {
        error = wrong(released.attemptsLeft)
        continue
      }
      let share: string
      try {
        share = await openRecovery(released.blob, derived, w.address)
      } catch (e) {
        if (!(e instanceof WrongPassphraseError)) throw e
        error = wrong(released.attemptsLeft)
        continue
      }
      const key = await reassemble(w.address, w.auth, share)
      let upgrade: { verifier: string; signature: Hex } | undefined
      try {
        if (!released.proof) {
          // A wallet from before the proof: its verifier now, signed by the key only its owner could rebuild.
          const message = `Portico recovery verifier for ${w.address.toLowerCase()}: ${derived.verifier}`
          upgrade = {
            verifier: derived.verifier,
            signature: await privateKeyToAccount(bytesToHex(key)).signMessage({ message }),
          }
        }
      } finally {
        key.fill(0)
      }
      await saveDeviceShare(w.address, share)
      await api('POST', '/v1/auth/recovery/confirm', upgrade ?? {}, t)
      return
    }
  } finally {
    setUi(false)
  }
}

/** Approvals wait their turn: one card at a time, in the order the requests came. */
let approvals: Promise<unknown> = Promise.resolve()
function queued(what: Card): Promise<boolean> {
  const turn = approvals.then(async () => {
    setUi(true)
    try {
      return await askApproval(document, what)
    } finally {
      setUi(false)
    }
  })
  approvals = turn.catch((error: unknown) => console.error('[portico signer] approval card failed', error))
  return turn
}

/** What the Solana, Bitcoin, Cosmos and Polkadot sides borrow from the frame. */
const chainDeps = {
  token,
  wallet,
  loadDeviceShare,
  reassemble,
  // The requesting origin on every card (the EVM card names it itself).
  approve: (what: Card) =>
    queued({ ...what, lines: [...what.lines, ft('origin', { origin: parentOrigin })] }),
  refuse: (code: number | string, message: string) => new Refusal({ code, message }),
}
const solana = solanaFrame(chainDeps)
const chains = chainFrame(chainDeps, CHAIN_TYPES, importChainKeys)

async function session(): Promise<{
  email: string
  address: string
  provider?: string
  solanaAddress?: string
} | null> {
  const t = token()
  if (!t) return null
  let email: string
  let provider: string | undefined
  try {
    const s = await api<{ email: string; method?: string; label?: string }>(
      'GET',
      '/v1/auth/session',
      undefined,
      t,
    )
    // A social session's subject is `provider:sub`; the name shown is the provider's email or name.
    provider = s.method && s.method !== 'email' ? s.method : undefined
    email = provider ? (s.label ?? provider) : s.email
  } catch (error) {
    if (error instanceof Refusal && error.info.status === 401) {
      localStorage.removeItem(TOKEN_KEY)
      return null
    }
    throw error
  }
  const w = await wallet(t)
  if (!(await loadDeviceShare(w.address))) await recoverDevice(t, w)
  const solanaAddress = await solana.address(w)
  return {
    email,
    address: w.address,
    ...(provider ? { provider } : {}),
    ...(solanaAddress ? { solanaAddress } : {}),
  }
}

function setUi(visible: boolean) {
  document.documentElement.dataset.visible = String(visible)
  window.parent.postMessage(event('ui', { visible }), parentOrigin)
}

async function sign(method: string, p: unknown[], chainId: number): Promise<Hex> {
  if (!(SIGNING_METHODS as readonly string[]).includes(method))
    throw new Refusal({ code: 4200, message: 'Requested RPC call is not allowed' })
  const t = token()
  if (!t) throw new Refusal({ code: 4100, message: 'Action not allowed' })
  // Parsed once: the card shows this object and the key signs this object.
  let request: ReturnType<typeof parseEvmRequest>
  try {
    request = parseEvmRequest(method, p, chainId)
  } catch (error) {
    if (error instanceof EvmWireError) throw new Refusal({ code: -32602, message: 'Invalid request' })
    throw error
  }
  if (!(await queued(describeEvm(request, parentOrigin)))) throw declined()
  const w = await wallet(t)
  if (request.method !== 'eth_signTransaction' && request.from.toLowerCase() !== w.address.toLowerCase())
    throw new Refusal({ code: -32602, message: 'An error occurred' })
  const device = await loadDeviceShare(w.address)
  if (!device) throw new Refusal({ code: 4100, message: 'Action not allowed' })
  const key = await reassemble(w.address, device, w.auth)
  try {
    const account = privateKeyToAccount(bytesToHex(key))
    if (request.method === 'personal_sign') return account.signMessage({ message: request.message })
    if (request.method === 'eth_signTypedData_v4')
      return account.signTypedData(request.typedData as Parameters<typeof account.signTypedData>[0])
    return account.signTransaction(request.tx)
  } finally {
    key.fill(0)
  }
}

/**
 * Issue 29: the login code is typed in this frame's own card and goes from
 * here to the gateway; the page learns only the outcome (the session answer,
 * the device-approval wait, or `{ status: 'cancelled', lastSent }` so its
 * stored last attempt follows a resend made here).
 */
async function enterCode(email: string, lastSent: number | undefined): Promise<unknown> {
  const outcome = await codeCard({
    email,
    lastSent,
    // The device id lets the gateway tell a known device from one that needs the mailed link.
    verify: (code) => api('POST', '/v1/auth/email/verify', { projectId, email, code, deviceId: deviceId() }),
    resend: async () => {
      await api('POST', '/v1/auth/email/otp', { projectId, email })
    },
  })
  if (!outcome.ok)
    return { status: 'cancelled', ...(outcome.lastSent !== undefined ? { lastSent: outcome.lastSent } : {}) }
  return afterCode(accountDeps, outcome.answer as Parameters<typeof afterCode>[1])
}

/** The frame's code card over the modal: login, export and email-change codes are typed here only. */
async function codeCard(prompt: CodePrompt): Promise<CodeOutcome> {
  setUi(true)
  try {
    return await askCode(document, prompt)
  } finally {
    setUi(false)
  }
}

const accountDeps: AccountDeps = {
  askCode: codeCard,
  api,
  token,
  setToken: (t) => localStorage.setItem(TOKEN_KEY, t),
  session,
  setUi,
  refuse: (info) => new Refusal(info),
  exportChains: (secret) => chains.exportKeys(secret),
}

async function handle(request: FrameRequest): Promise<unknown> {
  if (isAccountRequest(request)) return handleAccount(request, accountDeps)
  switch (request.type) {
    case 'otp.request':
      return api('POST', '/v1/auth/email/otp', { projectId, email: request.email })
    case 'otp.enter':
      return enterCode(request.email, request.lastSent)
    case 'session.get':
      return session()
    case 'logout': {
      const t = token()
      localStorage.removeItem(TOKEN_KEY)
      if (t)
        await api('POST', '/v1/auth/logout', undefined, t).catch((error: unknown) => {
          // The token is gone from this device either way; a gateway that cannot be reached keeps it until expiry.
          console.warn('[portico signer] revoking the session failed', error)
        })
      return null
    }
    case 'rpc':
      return sign(request.method, request.params, request.chainId)
    case 'social.start':
      return startSocial(request.provider, (path, body) =>
        api('POST', path, { projectId, ...(body as Record<string, unknown>) }),
      )
    case 'social.finish': {
      const back = await waitForSocial(request.state).catch(() => {
        throw new Refusal({ code: 'social_cancelled', message: 'Request was aborted' })
      })
      if (back.error || !back.code)
        throw new Refusal({
          code: 'social_denied',
          message: back.error === 'access_denied' ? 'Request was aborted' : 'An error occurred',
        })
      const s = await api<{ token: string }>('POST', '/v1/auth/social/exchange', {
        projectId,
        provider: back.provider,
        state: back.state,
        code: back.code,
        codeVerifier: back.verifier,
      })
      localStorage.setItem(TOKEN_KEY, s.token)
      return session()
    }
    case 'social.cancel':
      return cancelSocial(request.state)
    case 'solana':
      return solana.sign(request)
    case 'bip122':
    case 'cosmos':
    case 'polkadot':
      return chains.handle(request)
    case 'farcaster.start':
      return startFarcaster(
        (path, body) => api('POST', path, { projectId, ...(body as Record<string, unknown>) }),
        parentOrigin,
      )
    case 'farcaster.finish': {
      const t = await waitForFarcaster(request.channel, (channelToken, exchangeKey) =>
        api('POST', '/v1/auth/farcaster/exchange', { projectId, channelToken, exchangeKey }),
      ).catch((error: unknown) => {
        if (error instanceof FarcasterWaitEnded)
          throw error.reason === 'cancelled'
            ? new Refusal({ code: 'farcaster_cancelled', message: 'Request was aborted' })
            : new Refusal({ code: 'channel_expired', message: 'This Farcaster sign-in has expired' })
        throw error
      })
      localStorage.setItem(TOKEN_KEY, t)
      return session()
    }
    case 'farcaster.cancel':
      return cancelFarcaster(request.channel)
  }
}

if (!parentIsAllowed()) {
  document.body.textContent = ft('notAllowed')
} else {
  window.addEventListener('message', (e: MessageEvent) => {
    // Only our parent window, only from the origin it was loaded for. Anything else is dropped
    // unanswered, and said in the console (a page probing the signer is worth seeing).
    if (e.source !== window.parent || e.origin !== parentOrigin) {
      console.warn(
        `[portico signer] ignored a message from ${e.origin || 'an opaque origin'}: ${e.source === window.parent ? 'not the origin this frame was loaded for' : 'not the parent window'}`,
      )
      return
    }
    const parsed = parseRequest(e.data)
    if (!parsed) {
      // A request in our envelope whose content failed its checks: said to the dApp, which would
      // otherwise wait for an answer that never comes. Anything else is not ours and is dropped.
      const id = rejectedId(e.data)
      if (id) window.parent.postMessage(fail(id, { code: -32602, message: 'Invalid request' }), parentOrigin)
      return
    }
    handle(parsed.request).then(
      (result) => window.parent.postMessage(reply(parsed.id, result ?? null), parentOrigin),
      (error: unknown) => {
        const info: FrameError =
          error instanceof Refusal ? error.info : { code: 'internal', message: 'Something went wrong' }
        if (!(error instanceof Refusal)) console.error('[portico signer]', error)
        window.parent.postMessage(fail(parsed.id, info), parentOrigin)
      },
    )
  })
  listenForCallbacks()
  window.parent.postMessage(event('ready'), parentOrigin)
}
