import { type Connector, sanitizeWalletName } from '@portico/core'
import type { Eip6963Discovery } from '../discovery/index.js'
import type { Eip1193Provider } from '../provider/index.js'

/** A connector the integrator configures (a provider they hold, e.g. the dev wallet or an SDK's provider). */
export interface EvmConnectorConfig {
  id: string
  name: string
  provider: Eip1193Provider
  /** A `data:image/…` URI or an https URL (integrator-trusted). */
  imageUrl?: string
  rdns?: string
}

const NAMESPACE = 'eip155' as const
export const INJECTED_ID = 'injected'

/**
 * The adapter's connectors: the configured ones, then one per announced
 * EIP-6963 wallet under its rdns (a stable id a wallet cannot take over by
 * its name; discovery keeps the first provider per rdns and flags later
 * claims), then the legacy `window.ethereum` when no announced wallet is it.
 */
export function buildConnectors(
  configured: readonly EvmConnectorConfig[],
  discovery: Eip6963Discovery | undefined,
): Connector[] {
  const list: Connector[] = configured.map((c) => ({
    id: c.id,
    type: 'EXTERNAL',
    name: sanitizeWalletName(c.name) ?? c.id,
    chain: NAMESPACE,
    provider: c.provider,
    ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
    ...(c.rdns ? { info: { rdns: c.rdns } } : {}),
    installed: true,
  }))
  const ids = new Set(list.map((c) => c.id))
  for (const w of discovery?.wallets() ?? []) {
    if (ids.has(w.info.rdns)) continue
    ids.add(w.info.rdns)
    list.push({
      id: w.info.rdns,
      type: 'ANNOUNCED',
      name: w.info.name,
      chain: NAMESPACE,
      provider: w.provider,
      ...(w.info.icon ? { imageUrl: w.info.icon } : {}),
      info: { rdns: w.info.rdns },
      installed: true,
      ...(w.conflict ? { conflict: w.conflict } : {}),
    })
  }
  const legacy = discovery?.legacyProvider()
  if (legacy && !ids.has(INJECTED_ID)) {
    list.push({
      id: INJECTED_ID,
      type: 'INJECTED',
      name: 'Browser Wallet',
      chain: NAMESPACE,
      provider: legacy,
      installed: true,
    })
  }
  return list
}
