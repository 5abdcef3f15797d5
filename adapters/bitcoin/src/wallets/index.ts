import {
  type Connector,
  sanitizeWalletIcon,
  sanitizeWalletName,
  type WalletStandardEntry,
} from '@portico/core'
import type { Wallet } from '@wallet-standard/base'
import { type AnnouncedBtcProvider, btcProviderDriver } from './btc-providers.js'
import type { BitcoinWalletDriver } from './driver.js'
import { type InjectedBitcoinWallet, injectedDriver } from './injected.js'
import { standardDriver } from './wallet-standard.js'

export { type AnnouncedBtcProvider, readBtcProviders } from './btc-providers.js'
export { BITCOIN_CHANNEL, channelDriver } from './channel.js'
export type { BitcoinWalletDriver, InputsToSign, RawBitcoinAccount } from './driver.js'
export { type InjectedBitcoinWallet, readInjectedBitcoinWallets } from './injected.js'
export {
  BITCOIN_FEATURES,
  type BitcoinSignTransactionInput,
  type BitcoinStandardFeatures,
} from './standard-features.js'
export { isBitcoinStandardWallet } from './wallet-standard.js'

/** Connector id of a `btc_providers` wallet: its provider id. */
export function btcProviderConnectorId(p: AnnouncedBtcProvider): string {
  return `btc-providers:${p.id}`
}

/**
 * One connector per wallet: Wallet Standard wallets first (as core's shared
 * discovery listed them, under its stable name + icon ids), then `btc_providers` entries whose name no Wallet Standard
 * wallet already has (a wallet exposing both families appears once, driven
 * through the Wallet Standard), then injected providers (`injected:unisat`,
 * `injected:okx`, `injected:phantom`) whose name is not listed yet.
 */
export function toConnectors(
  standard: readonly WalletStandardEntry<Wallet>[],
  providers: readonly AnnouncedBtcProvider[],
  injected: readonly InjectedBitcoinWallet[] = [],
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
  for (const { id, wallet } of standard) {
    const name = sanitizeWalletName(wallet.name)
    if (name) add(id, name, wallet.icon, standardDriver(wallet), wallet)
  }
  for (const p of providers) {
    const name = sanitizeWalletName(p.name)
    if (name) add(btcProviderConnectorId(p), name, p.icon, btcProviderDriver(p), p.provider)
  }
  // Injected provider objects (UniSat, OKX, Phantom) carry no icon of their own.
  for (const w of injected) add(`injected:${w.kind}`, w.name, undefined, injectedDriver(w), w.provider)
  return { connectors, drivers }
}
