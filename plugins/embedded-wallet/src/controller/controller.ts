import {
  type AlertState,
  type CaipAddress,
  type ChainNamespace,
  type ChannelNamespaceRequest,
  type ConnectorSession,
  EMAIL_LOGIN_COOLDOWN_MS,
  EMBEDDED_SIGN_OUT_TIMEOUT_MS,
  EmailLoginTooEarlyError,
  getEmailLoginWait,
  isValidEmail,
  type Network,
  PorticoError,
  type PorticoStorage,
  type SocialProvider,
  shortenEmail,
} from '@portico/core'
import { type LoginAnswer, parseLoginAnswer } from '../account-protocol.js'
import { parseSession } from '../protocol.js'
import { EmbeddedAccount } from './account.js'
import { openBitcoinChannel } from './bitcoin.js'
import type { ChainChannelFactory } from './chain-channel.js'
import { openCosmosChannel } from './cosmos.js'
import { evmChannel } from './evm.js'
import { FarcasterLogin } from './farcaster.js'
import { createFrameClient, EmbeddedFrameError, type FrameClient } from './frame-client.js'
import { openPolkadotChannel } from './polkadot.js'
import { socialLogin } from './social.js'
import { solanaChannel } from './solana.js'

/** Issue 14's other namespaces: each channel asks the frame for its addresses when the session opens. */
const CHAIN_CHANNELS: Readonly<Partial<Record<ChainNamespace, ChainChannelFactory>>> = {
  bip122: openBitcoinChannel,
  cosmos: openCosmosChannel,
  polkadot: openPolkadotChannel,
}

/** SPEC §3 email-login record: the last attempt's time (epoch ms), under this storage key. */
export const EMAIL_LOGIN_STORAGE_KEY = 'portico.embeddedWallet.lastEmailLogin'

export interface EmbeddedWalletControllerOptions {
  frameUrl: string
  projectId: string
  storage: PorticoStorage
  networks(): readonly Network[]
  setAlert(alert: AlertState): void
  /** The signed-in visitor, shown on the account of each connected namespace (`eip155` when not said). */
  setUser(
    user:
      | {
          email: string
          address: string
          provider?: SocialProvider
          farcaster?: true
          solanaAddress?: string
        }
      | undefined,
    namespaces?: readonly ChainNamespace[],
    /** The CAIP-10 accounts of the Bitcoin, Cosmos and Polkadot channels (an address per chain). */
    accounts?: Partial<Record<ChainNamespace, readonly CaipAddress[]>>,
  ): void
  /** The gateway URL, for a network without its own RPC URL (the gateway's RPC proxy). */
  apiUrl?: string
  /** SPEC §3 `socialProvider` / `socialWindow` while a social sign-in is under way (cleared after). */
  setSocial?(provider: SocialProvider | undefined, popup: Window | undefined): void
  loadTimeoutMs?: number
  requestTimeoutMs?: number
  document?: Document
  /** Issue 30: the EVM account type a login shows first (the visitor's last choice, else the site's). */
  preferredAccountType?(): 'eoa' | 'smartAccount'
}

type Handler = (payload: unknown) => void

/**
 * The embedded wallet's flow on the dApp side: the email code steps (with
 * SPEC §4's 30 s cool-down kept in storage) and the connector session whose
 * `eip155` request channel the EVM adapter drives. Holds no key material.
 */
export class EmbeddedWalletController {
  #frame: FrameClient | undefined
  #locale: string | undefined
  #listeners = new Map<string, Set<Handler>>()
  #user: { email: string; address: string } | undefined
  /** Issue 14: the device-approval wait, Update email and the key export (controller/account.ts). */
  readonly account: EmbeddedAccount
  /** Sign In With Farcaster (issue 14): start, finish, cancel; run by the frame. */
  readonly farcaster: FarcasterLogin
  constructor(private readonly options: EmbeddedWalletControllerOptions) {
    this.farcaster = new FarcasterLogin(() => this.#client())
    this.account = new EmbeddedAccount({
      request: (payload, opts) => this.#client().request(payload, opts),
      emailChanged: (email) => {
        if (!this.#user) return
        this.#user = { ...this.#user, email }
        this.options.setUser(this.#user)
      },
    })
  }

  #client(): FrameClient {
    if (this.#frame) return this.#frame
    const doc = this.options.document ?? document
    // The modal's locale when a view gave it, else the page's <html lang> (a reload's reconnect).
    const locale = this.#locale || doc.documentElement.lang || undefined
    this.#frame = createFrameClient({
      frameUrl: this.options.frameUrl,
      projectId: this.options.projectId,
      document: doc,
      onAlert: this.options.setAlert,
      ...(locale ? { locale } : {}),
      ...(this.options.loadTimeoutMs !== undefined ? { loadTimeoutMs: this.options.loadTimeoutMs } : {}),
      ...(this.options.requestTimeoutMs !== undefined
        ? { requestTimeoutMs: this.options.requestTimeoutMs }
        : {}),
    })
    return this.#frame
  }

  /**
   * Loads the frame ahead of use (the Connect view calls it when the email
   * field shows), in the modal's `locale` for the frame's own cards. A frame
   * already loaded keeps its locale.
   */
  warm(opts: { locale?: string } = {}): void {
    if (opts.locale) this.#locale ??= opts.locale
    this.#client()
  }

  /** The stored last attempt (epoch ms), or undefined. */
  lastAttempt(): number | undefined {
    return this.options.storage.get<number>(
      EMAIL_LOGIN_STORAGE_KEY,
      (v): v is number => typeof v === 'number' && Number.isFinite(v),
    )
  }

  /** Whole seconds until a new code may be asked for (SPEC §5), 0 when none. */
  wait(now = Date.now()): number {
    return getEmailLoginWait(this.lastAttempt(), now)
  }

  /** Mails a code (SPEC §4 cool-down first: `EmailLoginTooEarlyError` "Please try again after N seconds"). */
  async requestCode(email: string): Promise<void> {
    const e = email.trim()
    if (!isValidEmail(e)) throw new PorticoError('A valid email is required', { code: 'INVALID_EMAIL' })
    const wait = this.wait()
    if (wait > 0) throw new EmailLoginTooEarlyError(wait)
    this.options.storage.set(EMAIL_LOGIN_STORAGE_KEY, Date.now())
    try {
      await this.#client().request({ type: 'otp.request', email: e })
    } catch (error) {
      // The gateway's own cool-down (another tab, another device) speaks the same text.
      if (error instanceof EmbeddedFrameError && error.code === 'email_cooldown') {
        const n = /after ([0-9]+) seconds/.exec(error.shortMessage)?.[1]
        this.options.storage.set(
          EMAIL_LOGIN_STORAGE_KEY,
          Date.now() - EMAIL_LOGIN_COOLDOWN_MS + Number(n ?? 30) * 1000,
        )
        throw new EmailLoginTooEarlyError(Number(n ?? 30), { cause: error })
      }
      throw error
    }
  }

  /**
   * Opens the frame's own code card (issue 29: the code is typed there and
   * goes from the frame to the gateway; this page never sees it). Resolves
   * when the card closes: the session (the frame holds it), a wait for the
   * device-approval link (`status: 'device_approval'`, EmailVerifyDevice), or
   * `cancelled` when the visitor closed the card. A code resent in the card
   * moves the stored last attempt, so SPEC §4's 30 s holds here too.
   */
  async enterCode(email: string): Promise<LoginAnswer | { status: 'cancelled' }> {
    const last = this.lastAttempt()
    const answer = await this.#client().request({
      type: 'otp.enter',
      email: email.trim(),
      ...(last !== undefined ? { lastSent: last } : {}),
    })
    if (
      typeof answer === 'object' &&
      answer !== null &&
      (answer as { status?: unknown }).status === 'cancelled'
    ) {
      const sent = (answer as { lastSent?: unknown }).lastSent
      if (
        typeof sent === 'number' &&
        Number.isSafeInteger(sent) &&
        sent > (last ?? 0) &&
        sent <= Date.now() + 60_000
      )
        this.options.storage.set(EMAIL_LOGIN_STORAGE_KEY, sent)
      return { status: 'cancelled' }
    }
    const s = parseLoginAnswer(answer)
    if (!s) throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
    return s
  }

  /**
   * Social login (OAuth code + PKCE, run by the frame and the gateway; see
   * `social.ts`). A popup the visitor closes first rejects with
   * `SocialPopupClosedError`.
   */
  socialLogin(
    provider: SocialProvider,
    popup: Window | null,
    opts: { pollMs?: number } = {},
  ): Promise<{ email: string; address: `0x${string}`; provider?: SocialProvider }> {
    return socialLogin(
      () => this.#client(),
      (p, w) => this.options.setSocial?.(p, w),
      provider,
      popup,
      opts,
    )
  }

  // —— the connector provider ——

  async #openSession(namespaces: readonly ChannelNamespaceRequest[]): Promise<ConnectorSession | undefined> {
    const evm = namespaces.find((n) => n.namespace === 'eip155')
    const sol = namespaces.find((n) => n.namespace === 'solana')
    const others = namespaces.filter((n) => CHAIN_CHANNELS[n.namespace])
    if (!evm && !sol && others.length === 0) return undefined
    const s = parseSession(await this.#client().request({ type: 'session.get' }))
    if (!s) return undefined
    this.#user = s.provider || s.farcaster ? undefined : { email: s.email, address: s.address }
    const channels: ConnectorSession['channels'] = {}
    const rpc = {
      projectId: this.options.projectId,
      ...(this.options.apiUrl ? { apiUrl: this.options.apiUrl } : {}),
    }
    if (evm)
      channels.eip155 = evmChannel({
        chains: evm.chains,
        address: s.address,
        frame: () => this.#client(),
        networks: this.options.networks,
        on: (event, handler) => this.on(`eip155/${event}`, handler),
        preferredAccountType: this.options.preferredAccountType?.() ?? 'smartAccount',
      })
    // Issue 14: the Solana key comes from the same shares; the frame names its address.
    if (sol && s.solanaAddress)
      channels.solana = solanaChannel({
        chains: sol.chains,
        address: s.solanaAddress,
        frame: () => this.#client(),
        networks: this.options.networks,
        rpc,
        on: (event, handler) => this.on(`solana/${event}`, handler),
      })
    // The namespaces open side by side (each asks the frame for its addresses): connect waits for the slowest only.
    const opened = await Promise.allSettled(
      others.map((n) =>
        CHAIN_CHANNELS[n.namespace]!({
          chains: n.chains,
          frame: () => this.#client(),
          networks: this.options.networks,
          rpc,
          on: (event, handler) => this.on(`${n.namespace}/${event}`, handler),
        }),
      ),
    )
    const accounts: Partial<Record<ChainNamespace, readonly CaipAddress[]>> = {}
    for (const [i, result] of opened.entries()) {
      const ns = others[i]!.namespace
      if (result.status === 'rejected') {
        // The other namespaces still connect; this one stays disconnected, and the log says why.
        console.warn(`[portico] embedded wallet: no ${ns} account`, result.reason)
        continue
      }
      if (!result.value) continue
      channels[ns] = result.value
      accounts[ns] = result.value.accounts()
    }
    const connected = Object.keys(channels) as ChainNamespace[]
    if (connected.length === 0) return undefined
    this.options.setUser(
      {
        email: s.email,
        address: s.address,
        ...(s.provider ? { provider: s.provider } : {}),
        ...(s.farcaster ? { farcaster: true as const } : {}),
        ...(channels.solana && s.solanaAddress ? { solanaAddress: s.solanaAddress } : {}),
      },
      connected,
      accounts,
    )
    return { channels, wallet: { name: shortenEmail(s.email), type: 'AUTH' } }
  }

  async connect(namespaces: readonly ChannelNamespaceRequest[]): Promise<ConnectorSession> {
    const session = await this.#openSession(namespaces)
    if (!session)
      throw new PorticoError('A problem occurred while trying initialize authentication', {
        code: 'AUTH_INIT',
      })
    return session
  }

  reconnect(namespaces: readonly ChannelNamespaceRequest[]): Promise<ConnectorSession | undefined> {
    return this.#openSession(namespaces)
  }

  /** Signs out: the frame drops and revokes the session; resolves within SPEC §9's 3 s whatever the frame does. */
  async disconnect(): Promise<void> {
    this.#user = undefined
    this.options.setUser(undefined)
    const frame = this.#frame
    if (!frame) return
    await Promise.race([
      frame.request({ type: 'logout' }, { timeoutMs: null }).catch((error: unknown) => {
        console.warn('[portico] embedded wallet: sign-out in the frame failed', error)
      }),
      new Promise((resolve) => setTimeout(resolve, EMBEDDED_SIGN_OUT_TIMEOUT_MS)),
    ])
  }

  on(event: string, handler: Handler): () => void {
    const set = this.#listeners.get(event) ?? new Set()
    this.#listeners.set(event, set)
    set.add(handler)
    return () => set.delete(handler)
  }

  destroy(): void {
    this.#frame?.destroy()
    this.#frame = undefined
    this.#listeners.clear()
  }
}
