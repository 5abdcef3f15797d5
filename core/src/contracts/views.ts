import type { AccountState } from './account.js'
import type { ChainNamespace } from './network.js'

/**
 * Extensible view registry. Each view name maps to the type of the data it
 * takes. Plugins add views by declaration merging:
 *
 * ```ts
 * declare module '@portico/core' {
 *   interface Views { HelloView: { greeting: string } }
 * }
 * ```
 */
export interface Views {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  ConnectingExternal: { connectorId: string }
  ConnectingWalletConnect: { walletId?: string } | undefined
  ConnectingWalletConnectBasic: undefined
  ConnectingFarcaster: undefined
  /** `switchError`: the last switch from here failed (SPEC §2 went back one view); shown above the list. */
  Networks: { switchError?: SwitchError } | undefined
  SwitchNetwork: { caipNetworkId: string }
  SwitchActiveChain: { namespace: string }
  UnsupportedChain: { switchError?: SwitchError } | undefined
  SignMessage: { message: string } | undefined
  /** The sign-in (SIWX) prompt for the connected account; reads `portico.siwx`. */
  SIWXSignMessage: undefined
  /** Help: what the diagnostics log holds, and "Download logs" (a `.txt` file). */
  Help: undefined
  /** Active sessions: the account's smart sessions on the gateway, each revocable with the wallet's signature. */
  Sessions: undefined
  ApproveTransaction: { request?: unknown } | undefined
  RegisterAccountName: undefined
  RegisterAccountNameSuccess: { name: string } | undefined
  /** Send (issue 17); `token` preselects a holding by its address in the chain's form (`'native'`: the native currency). */
  WalletSend: { token?: string } | undefined
  /** Receive: the connected address as a QR code and text with Copy, and the network it is valid on. */
  Receive: undefined
  /** Pay (issue 34): the payment a site asked for (`state.payment`), paid from the connected wallet. */
  Pay: undefined
}

/** A network switch that failed (not a rejection), for the view the modal went back to. */
export interface SwitchError {
  /** The network's name (or CAIP-2 id when unknown). */
  network: string
  /** The error's visitor-facing text. */
  message: string
}

export type ViewName = keyof Views & string

/** A lazily loaded view module; the UI package decides what `default` is (a React component for @portico/react). */
export type ViewLoader = () => Promise<{ default: unknown }>

/** An action a plugin adds to the Account view. */
export interface AccountAction {
  id: string
  /** Plain-text label (rendered as text), in English: shown when `labels` has nothing for the visitor's locale. */
  label: string
  /**
   * The label in other locales, by BCP 47 tag (`{ es: 'Intercambiar', ja: 'スワップ' }`): plain data,
   * so a plugin's registration-only entry translates its action without loading any UI code.
   */
  labels?: { readonly [locale: string]: string }
  /** View to push when chosen, or a callback. */
  view?: ViewName
  onSelect?: () => void
  /** The namespaces whose account offers it (e.g. a swap on `eip155` only); every namespace when absent. */
  namespaces?: readonly ChainNamespace[]
  /**
   * Offered only while this returns true for the shown account (e.g. the
   * embedded wallet's "Update email" on an email login only); always when absent.
   */
  when?: (account: Readonly<Partial<AccountState>>) => boolean
}
