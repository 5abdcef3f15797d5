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
  Networks: undefined
  SwitchNetwork: { caipNetworkId: string }
  SwitchActiveChain: { namespace: string }
  UnsupportedChain: undefined
  SignMessage: { message: string } | undefined
  ApproveTransaction: { request?: unknown } | undefined
  RegisterAccountName: undefined
  RegisterAccountNameSuccess: { name: string } | undefined
}

export type ViewName = keyof Views & string

/** A lazily loaded view module; the UI package decides what `default` is (a React component for @portico/react). */
export type ViewLoader = () => Promise<{ default: unknown }>

/** An action a plugin adds to the Account view. */
export interface AccountAction {
  id: string
  /** Plain-text label (rendered as text). */
  label: string
  /** View to push when chosen, or a callback. */
  view?: ViewName
  onSelect?: () => void
}
