import {
  type AccountState,
  type CaipAddress,
  type ChainNamespace,
  type ConnectorProvider,
  definePlugin,
  EMBEDDED_IFRAME_LOAD_TIMEOUT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  type Plugin,
  type PluginContext,
  type Portico,
  PorticoError,
  type PorticoState,
  type PorticoStorage,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type WalletUser,
} from '@portico/core'
import type { EmbeddedWalletController, EmbeddedWalletControllerOptions } from './controller/index.js'

declare module '@portico/core' {
  interface Views {
    /** The email field, shown inside Connect (not pushed on its own). */
    ConnectEmail: undefined
    EmailVerifyOtp: { email: string }
    /** SPEC §4 "verify device": a new device waits for the approval link mailed to `email`. */
    EmailVerifyDevice: { email: string }
    /** Account action of an email login: a code to the current address, then one to the new. */
    UpdateEmailWallet: undefined
    /** Account action of an email login: a fresh code, then the key in the signer frame's own card. */
    ExportPrivateKey: undefined
  }
}

/** An account of an email login through this plugin's connector (a social login has no email to change or re-prove). */
export const isEmailLoginAccount = (account: Readonly<Partial<AccountState>>): boolean =>
  account.connectorId === 'embeddedWallet' &&
  typeof account.user?.email === 'string' &&
  !account.socialProvider

/**
 * Issue 14's screens besides login: EmailVerifyDevice (after a code, on a
 * new device) and two Account actions of an email login, Update email and
 * Export private key. Labels are plain data in every shipped locale, so the
 * registration loads no UI code; the views are lazy chunks.
 */
export function registerAccountViews(ctx: Pick<PluginContext, 'registerView' | 'registerAccountAction'>) {
  ctx.registerView('EmailVerifyDevice', () => import('./react/EmailVerifyDevice.js'))
  ctx.registerView('UpdateEmailWallet', () => import('./react/account/UpdateEmail.js'))
  ctx.registerView('ExportPrivateKey', () => import('./react/account/ExportKey.js'))
  ctx.registerAccountAction({
    id: 'embedded-update-email',
    label: 'Update email',
    labels: {
      es: 'Cambiar correo electrónico',
      zh: '更改电子邮件',
      ja: 'メールアドレスを変更',
      ar: 'تغيير البريد الإلكتروني',
    },
    view: 'UpdateEmailWallet',
    namespaces: EMBEDDED_NAMESPACES,
    when: isEmailLoginAccount,
  })
  ctx.registerAccountAction({
    id: 'embedded-export-key',
    label: 'Export private key',
    labels: {
      es: 'Exportar clave privada',
      zh: '导出私钥',
      ja: '秘密鍵をエクスポート',
      ar: 'تصدير المفتاح الخاص',
    },
    view: 'ExportPrivateKey',
    namespaces: EMBEDDED_NAMESPACES,
    when: isEmailLoginAccount,
  })
}

/**
 * The namespaces the embedded wallet holds keys for (issue 14): secp256k1 for
 * EVM, Bitcoin and Cosmos, ed25519 for Solana and Polkadot, all from one secret.
 */
const EMBEDDED_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot']

/** The connector id of the embedded wallet (`portico.connect(EMBEDDED_WALLET_CONNECTOR_ID)` after a verified code). */
export const EMBEDDED_WALLET_CONNECTOR_ID = 'embeddedWallet'

export interface EmbeddedWalletPluginOptions {
  /**
   * Base URL of the gateway's signer listener (its own origin). Default:
   * `PORTICO_EMBEDDED_FRAME_URL` when the bundler defines it, else the
   * instance's `apiUrl` host on the signer's default port 8788.
   */
  frameUrl?: string
  /**
   * SPEC §9 time-outs in ms: the signer frame's load (default 20 000, then the
   * "Network Error" alert) and an email/OTP/social request (default 120 000,
   * then "Embedded Wallet Request Timed Out"). Change them only for tests.
   */
  loadTimeoutMs?: number
  requestTimeoutMs?: number
  /** Register the views (default true; needs `@portico/react`). */
  views?: boolean
  /**
   * The social providers this project offers (SPEC §2 list; each must be
   * configured with its client id and secret in the gateway's
   * `embeddedWallet.social`). Shown in SPEC order, filtered for Telegram. Default none.
   */
  socialProviders?: readonly SocialProvider[]
  /**
   * Offer Sign In With Farcaster (a QR code and a deep link, drawn in the signer frame; the gateway's
   * `embeddedWallet.farcaster` must be set). Default false.
   */
  farcaster?: boolean
  /**
   * SPEC §3 `preferredAccountType` of an email, social or Farcaster user on
   * EVM: `smartAccount` (the default) opens on the ERC-4337 smart account the
   * embedded key owns, `eoa` on the key's own address; the visitor can switch
   * in Account, and that choice is kept. Smart accounts need the EVM
   * adapter's `smartAccount: { factory }` (without it the user has the EOA).
   */
  preferredAccountType?: 'smartAccount' | 'eoa'
}

/** The visitor's last EVM account-type choice ("Switch to EOA" / "Switch to smart account"), kept across reloads. */
export const ACCOUNT_TYPE_STORAGE_KEY = 'portico.embeddedWallet.accountType'

const isAccountType = (v: unknown): v is 'eoa' | 'smartAccount' => v === 'eoa' || v === 'smartAccount'

/**
 * The EVM account type a login shows first: the visitor's stored choice, else
 * the site's `preferredAccountType` (a smart account unless the site says
 * `eoa`, as the incumbent does for email, social and Farcaster users).
 */
export function preferredAccountType(
  storage: PorticoStorage,
  site: 'eoa' | 'smartAccount' | undefined,
): 'eoa' | 'smartAccount' {
  return storage.get(ACCOUNT_TYPE_STORAGE_KEY, isAccountType) ?? site ?? 'smartAccount'
}

/** @internal What the plugin keeps per instance (read by the lazy controller and views). */
export interface EmbeddedWalletRegistration {
  options: EmbeddedWalletControllerOptions
  controller: EmbeddedWalletController | undefined
  /**
   * The plugin's context: the lazy controller module starts following the account type shown
   * (account-type.ts) with it when it makes the controller, before any login can be shown.
   */
  context: PluginContext
  /** Stops that following (set with the controller). */
  unfollowAccountType: (() => void) | undefined
  portico: Portico
  /** The enabled social providers, SPEC order. */
  socialProviders: readonly SocialProvider[]
  /** Sign In With Farcaster is offered. */
  farcaster: boolean
}

/** @internal */
export const registrations = new WeakMap<Portico, EmbeddedWalletRegistration>()

function envFrameUrl(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  return env?.PORTICO_EMBEDDED_FRAME_URL || undefined
}

/** The signer origin: the option, the environment variable, or the gateway host's signer port (SPEC §9 fallback). */
export function resolveFrameUrl(option: string | undefined, apiUrl: string | undefined): string | undefined {
  const raw = option ?? envFrameUrl()
  if (raw) return new URL(raw).origin
  if (!apiUrl) return undefined
  const u = new URL(apiUrl)
  u.port = '8788'
  return u.origin
}

/** The longest time-out accepted (a day): past that a stalled frame would look like a hang. */
const MAX_TIMEOUT_MS = 86_400_000

/**
 * The two SPEC §9 time-outs the plugin runs with: the options when given
 * (whole milliseconds, 1 ms to a day), else SPEC's 20 s frame load and 120 s
 * request. A bad value throws `PorticoError` (`INVALID_TIMEOUT`) at setup,
 * rather than a frame that never times out.
 */
export function resolveTimeouts(
  options: Pick<EmbeddedWalletPluginOptions, 'loadTimeoutMs' | 'requestTimeoutMs'>,
): {
  loadTimeoutMs: number
  requestTimeoutMs: number
} {
  const check = (name: string, v: number | undefined, fallback: number) => {
    if (v === undefined) return fallback
    if (!Number.isInteger(v) || v < 1 || v > MAX_TIMEOUT_MS)
      throw new PorticoError(
        `embedded-wallet: ${name} must be whole milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
        {
          code: 'INVALID_TIMEOUT',
        },
      )
    return v
  }
  return {
    loadTimeoutMs: check('loadTimeoutMs', options.loadTimeoutMs, EMBEDDED_IFRAME_LOAD_TIMEOUT_MS),
    requestTimeoutMs: check('requestTimeoutMs', options.requestTimeoutMs, EMBEDDED_REQUEST_TIMEOUT_MS),
  }
}

const load = () => import('./controller/index.js')

/**
 * Email login with a wallet the visitor gets on the spot: a 6-digit code
 * mailed by your Portico gateway, then a key made and split 2-of-3 in
 * the gateway's signer frame (its own origin). The dApp page never sees key
 * material; signing needs the visitor's device, a live session and Approve
 * in the frame (see the package README, "Who can sign"). Registers the
 * `embeddedWallet` connector (the EVM and Solana adapters drive its request
 * channels; the Solana key is derived from the same split secret), the
 * email field in Connect and the EmailVerifyOtp view, all loaded lazily.
 *
 * @example
 * createPortico({ adapters: [evmAdapter({ networks })], apiUrl, projectId,
 *   plugins: [embeddedWalletPlugin({ frameUrl: 'https://signer.example.com' })] })
 */
export function embeddedWalletPlugin(options: EmbeddedWalletPluginOptions = {}): Plugin {
  const timeouts = resolveTimeouts(options)
  return definePlugin({
    id: 'embedded-wallet',
    setup(ctx) {
      const frameUrl = resolveFrameUrl(options.frameUrl, ctx.options.apiUrl)
      const projectId = ctx.options.projectId
      if (!frameUrl || !projectId) {
        ctx.logger.warn('embedded-wallet: needs a frameUrl (or apiUrl) and a projectId; email login is off')
        return
      }
      const unknown = (options.socialProviders ?? []).filter((p) => !SOCIAL_PROVIDERS.includes(p))
      if (unknown.length)
        ctx.logger.warn(`embedded-wallet: unknown social providers ignored: ${unknown.join(', ')}`)
      /** The namespaces showing a login's user: their chainId / accounts follow network switches. */
      const withUser = new Set<ChainNamespace>()
      /** Bitcoin, Cosmos, Polkadot: an address per chain (a network's prefix is part of it). */
      const chainAccounts = new Map<ChainNamespace, readonly CaipAddress[]>()
      const reg: EmbeddedWalletRegistration = {
        portico: ctx.portico,
        controller: undefined,
        context: ctx,
        unfollowAccountType: undefined,
        socialProviders: SOCIAL_PROVIDERS.filter((p) => options.socialProviders?.includes(p)),
        farcaster: options.farcaster === true,
        options: {
          frameUrl,
          projectId,
          storage: ctx.storage,
          networks: () =>
            ctx.getState().networks.all.filter((n) => EMBEDDED_NAMESPACES.includes(n.chainNamespace)),
          setAlert: (alert) => ctx.setAlert?.(alert),
          ...(ctx.options.apiUrl ? { apiUrl: ctx.options.apiUrl } : {}),
          setUser: (user, namespaces = ['eip155'], accounts = {}) => {
            // Signing out clears every namespace the visitor was shown on.
            const shown = user
              ? namespaces
              : EMBEDDED_NAMESPACES.filter((ns) => ns === 'eip155' || ctx.getState().accounts[ns]?.user)
            chainAccounts.clear()
            // Signing out forgets the account-type choice: the next login on this device is someone else's.
            if (!user) ctx.storage.remove(ACCOUNT_TYPE_STORAGE_KEY)
            for (const [ns, list] of Object.entries(accounts)) chainAccounts.set(ns as ChainNamespace, list)
            for (const ns of shown) {
              const address =
                ns === 'solana'
                  ? (user?.solanaAddress ?? '')
                  : chainAccounts.has(ns)
                    ? addressOn(chainAccounts.get(ns), ctx.getState().networks.active[ns])
                    : (user?.address ?? '')
              if (user) withUser.add(ns)
              else withUser.delete(ns)
              const name =
                user?.provider || user?.farcaster ? { userName: user.email } : { email: user?.email }
              ctx.updateAccount?.(ns, {
                user: user
                  ? {
                      ...name,
                      address,
                      ...userLocation(ctx.getState(), ns, address),
                      // The key's own address until the adapter reports a smart account (account-type.ts follows it).
                      preferredAccountType: 'eoa',
                    }
                  : undefined,
                socialProvider: user?.provider,
              })
            }
          },
          setSocial: (provider, popup) =>
            ctx.updateAccount?.('eip155', { socialProvider: provider, socialWindow: popup }),
          preferredAccountType: () => preferredAccountType(ctx.storage, options.preferredAccountType),
          ...timeouts,
        },
      }
      registrations.set(ctx.portico, reg)
      const controller = async () => (await load()).getEmbeddedWallet(ctx.portico)
      const provider: ConnectorProvider = {
        id: EMBEDDED_WALLET_CONNECTOR_ID,
        // One entry per namespace the frame holds a key for; core asks only those with an adapter.
        connectors: EMBEDDED_NAMESPACES.map((chain) => ({
          id: EMBEDDED_WALLET_CONNECTOR_ID,
          type: 'AUTH' as const,
          name: 'Email',
          chain,
        })),
        connect: async ({ namespaces }) => (await controller()).connect(namespaces),
        reconnect: async ({ namespaces }) => (await controller()).reconnect(namespaces),
        disconnect: async () => (await controller()).disconnect(),
        on: (_event, handler) => {
          let off: (() => void) | undefined
          let dropped = false
          void controller().then((c) => {
            if (!dropped)
              off = c.on('disconnect', (payload) => handler((payload ?? {}) as { reason?: string }))
          })
          return () => {
            dropped = true
            off?.()
          }
        },
      }
      const unregister = ctx.registerConnector?.(provider)
      const unfollowNetwork = followUserNetwork(ctx, withUser, chainAccounts)
      if (options.views !== false) {
        ctx.registerView('ConnectEmail', () => import('./react/ConnectEmail.js'))
        ctx.registerView('EmailVerifyOtp', () => import('./react/EmailVerifyOtp.js'))
        registerAccountViews(ctx)
        if (reg.farcaster)
          ctx.registerView('ConnectingFarcaster', () => import('./react/farcaster/ConnectingFarcaster.js'))
      }
      // SPEC §2 back rule: leaving ConnectingFarcaster unconnected reloads the auth connector,
      // which drops the Farcaster sign-in under way (the frame stops polling its channel).
      const reload = () => {
        if (!reg.controller) return
        reg.controller.farcaster.cancel().catch((error: unknown) => {
          ctx.logger.warn('embedded-wallet: dropping the Farcaster sign-in failed', error)
        })
      }
      if (reg.farcaster) ctx.events.on('AUTH_CONNECTOR_RELOAD', reload)
      return () => {
        if (reg.farcaster) ctx.events.off('AUTH_CONNECTOR_RELOAD', reload)
        unregister?.()
        unfollowNetwork()
        reg.unfollowAccountType?.()
        reg.controller?.destroy()
        registrations.delete(ctx.portico)
      }
    },
  })
}

/**
 * SPEC §3 Wallet user's `chainId` and `accounts` for a login shown on `ns`: the
 * namespace's active network (EVM as a number, others as the CAIP-2 reference)
 * and the one account the frame holds there. Empty while no network is active.
 */
export function userLocation(
  state: PorticoState,
  ns: ChainNamespace,
  address: string | undefined,
): Pick<WalletUser, 'chainId' | 'accounts'> {
  const network = state.networks.active[ns]
  if (!network || !address) return {}
  const reference = network.slice(network.indexOf(':') + 1)
  const chainId = ns === 'eip155' && /^[0-9]+$/.test(reference) ? Number(reference) : reference
  const caipAddress = `${network}:${address}` as CaipAddress
  return { chainId, accounts: [{ namespace: ns, address, caipAddress, type: 'eoa' }] }
}

/** The address of `accounts` (CAIP-10) on `network`, else the first one's ('' when none). */
export function addressOn(accounts: readonly CaipAddress[] | undefined, network: string | undefined): string {
  const on = accounts?.find((a) => network && a.startsWith(`${network}:`)) ?? accounts?.[0]
  return on ? on.slice(on.lastIndexOf(':') + 1) : ''
}

/**
 * Keeps `user.chainId` / `user.accounts` true after a network switch, on the
 * namespaces `shown` names (those the embedded wallet put a user on).
 */
export function followUserNetwork(
  ctx: PluginContext,
  shown: ReadonlySet<ChainNamespace>,
  perChain: ReadonlyMap<ChainNamespace, readonly CaipAddress[]> = new Map(),
): () => void {
  return ctx.subscribe((state, previous) => {
    for (const ns of shown) {
      const user = state.accounts[ns]?.user
      const active = state.networks.active[ns]
      if (!user || active === previous.networks.active[ns]) continue
      // A Bitcoin, Cosmos or Polkadot address depends on the network: the user's follows it.
      const address = perChain.has(ns) ? addressOn(perChain.get(ns), active) : user.address
      const { chainId, accounts } = userLocation(state, ns, address)
      ctx.updateAccount?.(ns, { user: { ...user, address, chainId, accounts } })
    }
  })
}
