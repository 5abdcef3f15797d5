import { type AccountDeps, afterCode, deviceId, handleAccount, isAccountRequest } from './account.js'
import { askApproval, type Card } from './approve/index.js'
import { chainFrame } from './chain-session.js'
import { CHAIN_TYPES, importChainKeys } from './chains.js'
import { askCode, type CodeOutcome, type CodePrompt } from './code-entry/index.js'
import {
  cancelFarcaster,
  FarcasterStartError,
  FarcasterWaitEnded,
  farcasterUrlOf,
  startFarcaster,
  waitForFarcaster,
} from './farcaster.js'
import {
  api,
  declined,
  params,
  parentIsAllowed,
  parentOrigin,
  projectId,
  Refusal,
  setUi,
  TOKEN_KEY,
  token,
} from './frame/env.js'
import { recoverDevice, wallet } from './frame/wallet.js'
import { loadDeviceShare, reassemble } from './keys.js'
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
import { cancelSocial, listenForCallbacks, startSocial, waitForSocial } from './social.js'
import { cachedSolanaAddress } from './solana-address.js'
import { chooseFrameLocale, ft } from './strings.js'

/**
 * The signer frame's script (served by the gateway's signer listener as
 * /frame.js). It answers one parent window, on the origin named in its URL,
 * which the gateway already checked against the project's allowlist and
 * pinned with `frame-ancestors`. Its parts: `frame/env.ts` (the URL's
 * parent and project, the gateway call, the refusal), `frame/wallet.ts` (the
 * session's wallet: first creation with its passphrase, a new device's
 * recovery), and here the cards' queue, EVM signing and the message handler.
 */
// The modal's locale (passed by the plugin): the frame's cards speak it, right to left for Arabic.
const { lang, dir } = chooseFrameLocale(params.get('locale'))
document.documentElement.lang = lang
document.documentElement.dir = dir

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
/**
 * The Solana signer, imported on first use (esbuild splits it into a chunk):
 * a session whose Solana address this origin already remembers never loads it.
 */
let solanaSide: Promise<ReturnType<typeof import('./solana-session.js').solanaFrame>> | undefined
const solana = () => (solanaSide ??= import('./solana-session.js').then((m) => m.solanaFrame(chainDeps)))
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
  const solanaAddress = cachedSolanaAddress(w.address) ?? (await (await solana()).address(w))
  return {
    email,
    address: w.address,
    ...(provider ? { provider } : {}),
    ...(solanaAddress ? { solanaAddress } : {}),
  }
}

async function sign(method: string, p: unknown[], chainId: number): Promise<`0x${string}`> {
  if (!(SIGNING_METHODS as readonly string[]).includes(method))
    throw new Refusal({ code: 4200, message: 'Requested RPC call is not allowed' })
  const t = token()
  if (!t) throw new Refusal({ code: 4100, message: 'Action not allowed' })
  // The EVM signer is a chunk of its own, fetched from this origin on the first EVM request.
  const evm = await import('./evm/index.js')
  // Parsed once: the card shows this object and the key signs this object.
  let request: ReturnType<typeof evm.parseEvmRequest>
  try {
    request = evm.parseEvmRequest(method, p, chainId)
  } catch (error) {
    if (error instanceof evm.EvmWireError) throw new Refusal({ code: -32602, message: 'Invalid request' })
    throw error
  }
  if (!(await queued(evm.describeEvm(request, parentOrigin)))) throw declined()
  const w = await wallet(t)
  if (request.method !== 'eth_signTransaction' && request.from.toLowerCase() !== w.address.toLowerCase())
    throw new Refusal({ code: -32602, message: 'An error occurred' })
  const device = await loadDeviceShare(w.address)
  if (!device) throw new Refusal({ code: 4100, message: 'Action not allowed' })
  const key = await reassemble(w.address, device, w.auth)
  try {
    return await evm.signEvm(key, request)
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

/**
 * Issue 29: the sign-in's QR code and link (they carry the relay's channel
 * token) are drawn in this frame's card while it waits for the visitor's
 * Farcaster app; the page learns only the session answer or the typed
 * refusal (`farcaster_cancelled` from the card's Cancel, `channel_expired`,
 * the gateway's `siwf_refused`).
 */
async function finishFarcaster(channel: string): Promise<unknown> {
  const url = farcasterUrlOf(channel)
  if (!url) throw new Refusal({ code: 'channel_expired', message: 'This Farcaster sign-in has expired' })
  // The card and its QR encoder are a chunk of their own: only Farcaster logins fetch them.
  const { showFarcasterCard } = await import('./farcaster-card/index.js')
  setUi(true)
  const card = showFarcasterCard(document, { url, onCancel: () => cancelFarcaster(channel) })
  let t: string
  try {
    t = await waitForFarcaster(channel, (channelToken, exchangeKey) =>
      api('POST', '/v1/auth/farcaster/exchange', { projectId, channelToken, exchangeKey }),
    )
  } catch (error) {
    if (error instanceof FarcasterWaitEnded)
      throw error.reason === 'cancelled'
        ? new Refusal({ code: 'farcaster_cancelled', message: 'Request was aborted' })
        : new Refusal({ code: 'channel_expired', message: 'This Farcaster sign-in has expired' })
    throw error
  } finally {
    card.close()
    setUi(false)
  }
  localStorage.setItem(TOKEN_KEY, t)
  // A first login makes the wallet here: the passphrase card follows.
  return session()
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
      // Issue 30: a smart account's user operation, shown call by call; the frame computes its hash.
      // The user-operation code (viem's hashing) is a lazy chunk, like the EVM signer.
      if (request.method === 'portico_signUserOperation') {
        const { signUserOperation } = await import('./user-operation/index.js')
        return signUserOperation(
          { ...chainDeps, approve: queued, origin: parentOrigin },
          request.params,
          request.chainId,
        )
      }
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
      return (await solana()).sign(request)
    case 'bip122':
    case 'cosmos':
    case 'polkadot':
      return chains.handle(request)
    case 'farcaster.start':
      return startFarcaster(
        (path, body) => api('POST', path, { projectId, ...(body as Record<string, unknown>) }),
        parentOrigin,
      ).catch((error: unknown) => {
        if (error instanceof FarcasterStartError) {
          console.error('[portico signer]', error)
          throw new Refusal({ code: 'internal', message: 'An error occurred' })
        }
        throw error
      })
    case 'farcaster.finish':
      return finishFarcaster(request.channel)
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
