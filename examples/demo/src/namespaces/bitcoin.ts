import { bitcoinAdapter, bitcoinRegtest } from '@portico/adapter-bitcoin'
import { type BitcoinDevWallet, createBitcoinDevWallet } from '@portico/adapter-bitcoin/dev-wallet'
import type { ChainAdapter } from '@portico/core'

/** The Bitcoin regtest devnet (`services.bitcoin` of devnet.json): the Esplora facade and its fixtures. */
export interface BitcoinDevnetInfo {
  esploraUrl: string
  caipNetworkId: string
  fixtures: { mnemonic: string }
}

/** What the demo adds for bip122: the adapter and the dev wallet it installed on the page. */
export interface BitcoinNamespace {
  adapter: ChainAdapter<'bip122'>
  wallet: BitcoinDevWallet
  /** Mines `blocks` regtest blocks (`POST /devnet/mine`): sends confirm on demand. */
  mine(blocks?: number): Promise<void>
}

/**
 * The demo's Bitcoin wiring, only when the regtest devnet runs: the adapter
 * on that network, and the dev wallet (dev mnemonic, account 0) registered in
 * both families — the Wallet Standard face is listed, the `btc_providers`
 * face is deduplicated by name under it.
 */
export function bitcoinNamespace(info: BitcoinDevnetInfo | undefined): BitcoinNamespace | undefined {
  if (!info?.esploraUrl) return undefined
  const network = bitcoinRegtest({ esploraUrl: info.esploraUrl, name: 'Bitcoin Regtest' })
  const wallet = createBitcoinDevWallet({
    mnemonic: info.fixtures.mnemonic,
    esploraUrl: info.esploraUrl,
  })
  wallet.register(window)
  return {
    adapter: bitcoinAdapter({ networks: [network] }),
    wallet,
    async mine(blocks = 1) {
      const res = await fetch(`${info.esploraUrl}/devnet/mine`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ blocks }),
      })
      if (!res.ok) throw new Error(`mining failed: ${res.status} ${await res.text()}`)
    },
  }
}
