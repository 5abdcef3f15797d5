import { type Connector, sanitizeWalletIcon, sanitizeWalletName } from '@portico/core'
import type { Wallet } from '@wallet-standard/base'
import { crypto } from 'bitcoinjs-lib'
import { type AnnouncedBtcProvider, btcProviderDriver } from './btc-providers.js'
import type { BitcoinWalletDriver } from './driver.js'
import { standardDriver } from './wallet-standard.js'

export { type AnnouncedBtcProvider, readBtcProviders } from './btc-providers.js'
export { BITCOIN_CHANNEL, channelDriver } from './channel.js'
export type { BitcoinWalletDriver, InputsToSign, RawBitcoinAccount } from './driver.js'
export {
  BITCOIN_FEATURES,
  type BitcoinSignTransactionInput,
  type BitcoinStandardFeatures,
} from './standard-features.js'
export { isBitcoinStandardWallet, watchStandardWallets } from './wallet-standard.js'

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'wallet'
  )
}

const digest = (text: string) =>
  Buffer.from(crypto.sha256(new TextEncoder().encode(text)))
    .toString('hex')
    .slice(0, 8)

/** Connector id of a Wallet Standard wallet: name + icon digest, so another wallet cannot take it over by name alone. */
export function standardConnectorId(wallet: Wallet): string {
  return `wallet-standard:${slug(sanitizeWalletName(wallet.name) ?? '')}:${digest(String(wallet.icon))}`
}

/** Connector id of a `btc_providers` wallet: its provider id. */
export function btcProviderConnectorId(p: AnnouncedBtcProvider): string {
  return `btc-providers:${p.id}`
}

/**
 * One connector per wallet: Wallet Standard wallets first (first wins on an
 * id collision), then `btc_providers` entries whose name no Wallet Standard
 * wallet already has (a wallet exposing both families appears once, driven
 * through the Wallet Standard).
 */
export function toConnectors(
  standard: readonly Wallet[],
  providers: readonly AnnouncedBtcProvider[],
): { connectors: Connector[]; drivers: Map<string, { driver: BitcoinWalletDriver; source: unknown }> } {
  const drivers = new Map<string, { driver: BitcoinWalletDriver; source: unknown }>()
  const connectors: Connector[] = []
  const names = new Set<string>()
  const add = (id: string, name: string, icon: unknown, driver: BitcoinWalletDriver, source: unknown) => {
    if (drivers.has(id) || names.has(name.toLowerCase())) return
    names.add(name.toLowerCase())
    drivers.set(id, { driver, source })
    const imageUrl = sanitizeWalletIcon(icon as string)
    connectors.push({
      id,
      type: 'ANNOUNCED',
      name,
      chain: 'bip122',
      provider: source,
      ...(imageUrl ? { imageUrl } : {}),
      installed: true,
    })
  }
  for (const wallet of standard) {
    const name = sanitizeWalletName(wallet.name)
    if (name) add(standardConnectorId(wallet), name, wallet.icon, standardDriver(wallet), wallet)
  }
  for (const p of providers) {
    const name = sanitizeWalletName(p.name)
    if (name) add(btcProviderConnectorId(p), name, p.icon, btcProviderDriver(p), p.provider)
  }
  return { connectors, drivers }
}
