import type { ChainNamespace } from './network.js'

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL'

/**
 * SPEC §3 Connector. `name` and `imageUrl` may come from an untrusted wallet
 * announcement: render them as text / `<img src>` only.
 */
export interface Connector {
  id: string
  type: ConnectorType
  name: string
  chain: ChainNamespace
  /** Chain-specific provider object (EIP-1193 provider, Wallet Standard wallet…). Opaque to core and UI. */
  provider?: unknown
  imageId?: string
  /** A `data:image/…` URI or an https URL configured by the integrator. */
  imageUrl?: string
  explorerId?: string
  info?: { rdns?: string }
  installed?: boolean
}
