// Wallets as visitors have them, emulated (@portico/dev-wallets): the demo can install any set of
// personalities beside its own dev wallets, so Connect lists several wallets per chain. The choice
// is the page's `?wallets=` (ids, comma-separated); the picker on the page writes it and reloads,
// as installing a browser extension would need. Each module loads only when one of its wallets is
// chosen, so the demo's first load does not grow.
import type { DevnetInfo } from './setup.js'

export interface PersonalityEntry {
  /** Unique across namespaces, as in `?wallets=`. */
  id: string
  namespace: 'eip155' | 'bip122' | 'polkadot' | 'solana' | 'cosmos'
  /** The label a visitor sees, "(emulated)" included. */
  name: string
  /** Installs it on `window`; resolves with its uninstall. Refuses when the namespace's node is not running. */
  install(devnet: DevnetInfo): Promise<() => void>
}

const evm = (id: 'metamask' | 'rabby' | 'coinbase', name: string): PersonalityEntry => ({
  id,
  namespace: 'eip155',
  name,
  async install(devnet) {
    const { EVM_PERSONALITIES } = await import('@portico/dev-wallets/evm/personalities')
    const networks = devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
    if (!networks.length) throw new Error(`${name}: no EVM devnet is running`)
    return EVM_PERSONALITIES[id]({ networks }).install(window)
  },
})

const bitcoin = (
  id: 'xverse' | 'leather' | 'unisat' | 'okx' | 'phantom',
  name: string,
): PersonalityEntry => ({
  id,
  namespace: 'bip122',
  name,
  async install(devnet) {
    if (!devnet.bitcoin) throw new Error(`${name}: the Bitcoin devnet is not running`)
    const [{ BITCOIN_PERSONALITIES }, { BITCOIN_DEV_MNEMONIC }] = await Promise.all([
      import('@portico/dev-wallets/bitcoin/personalities'),
      import('@portico/dev-wallets/bitcoin'),
    ])
    return BITCOIN_PERSONALITIES[id]({ mnemonic: BITCOIN_DEV_MNEMONIC }).install(window)
  },
})

const polkadot = (id: 'polkadot-js' | 'talisman' | 'subwallet', name: string): PersonalityEntry => ({
  id,
  namespace: 'polkadot',
  name,
  async install(devnet) {
    if (!devnet.polkadot) throw new Error(`${name}: the Polkadot devnet is not running`)
    const { POLKADOT_PERSONALITIES } = await import('@portico/dev-wallets/polkadot/personalities')
    const personality = await POLKADOT_PERSONALITIES[id]({ ss58Prefix: devnet.polkadot.ss58Prefix })
    // Talisman and SubWallet inject after the page's load event, as their content scripts do.
    return personality.install(window)
  },
})

// `phantom` is Phantom's Bitcoin provider above: the Solana one is `phantom-solana`.
const solana = (wallet: 'phantom' | 'solflare' | 'backpack', id: string, name: string): PersonalityEntry => ({
  id,
  namespace: 'solana',
  name,
  async install(devnet) {
    if (!devnet.solana) throw new Error(`${name}: the local SVM is not running`)
    const { SOLANA_PERSONALITIES } = await import('@portico/dev-wallets/solana/personalities')
    const personality = await SOLANA_PERSONALITIES[wallet]({
      secretKeys: devnet.solana.fixtures.devKeypairs.slice(0, 2).map((k) => k.secretKey),
      rpcUrls: { 'solana:localnet': devnet.solana.rpcUrl },
    })
    // A Wallet Standard registration (Phantom also puts its legacy window.phantom.solana).
    return personality.install(window)
  },
})

// Cosmos: Keplr-style providers at their own window paths (`window.keplr`, `window.leap`,
// `window.cosmostation.providers.keplr`); they know none of the simulator's chains, as a real
// wallet would not, so connecting suggests the chain first (experimentalSuggestChain).
const cosmos = (id: 'keplr' | 'leap' | 'cosmostation' | 'keplr-ledger', name: string): PersonalityEntry => ({
  id,
  namespace: 'cosmos',
  name,
  async install(devnet) {
    if (!devnet.cosmos?.chains.length) throw new Error(`${name}: the Cosmos simulator is not running`)
    const { COSMOS_PERSONALITIES } = await import('@portico/dev-wallets/cosmos/personalities')
    return COSMOS_PERSONALITIES[id]({ chains: [] }).install(window)
  },
})

/** Every personality the demo can install, by namespace. */
export const DEMO_PERSONALITIES: readonly PersonalityEntry[] = [
  evm('metamask', 'MetaMask (emulated)'),
  evm('rabby', 'Rabby (emulated)'),
  evm('coinbase', 'Coinbase Wallet (emulated)'),
  bitcoin('xverse', 'Xverse (emulated)'),
  bitcoin('leather', 'Leather (emulated)'),
  bitcoin('unisat', 'UniSat (emulated)'),
  bitcoin('okx', 'OKX Wallet (emulated)'),
  bitcoin('phantom', 'Phantom (emulated)'),
  polkadot('polkadot-js', 'polkadot{.js} (emulated)'),
  polkadot('talisman', 'Talisman (emulated)'),
  polkadot('subwallet', 'SubWallet (emulated)'),
  solana('phantom', 'phantom-solana', 'Phantom (emulated)'),
  solana('solflare', 'solflare', 'Solflare (emulated)'),
  solana('backpack', 'backpack', 'Backpack (emulated)'),
  cosmos('keplr', 'Keplr (emulated)'),
  cosmos('leap', 'Leap (emulated)'),
  cosmos('cosmostation', 'Cosmostation (emulated)'),
  cosmos('keplr-ledger', 'Keplr with a Ledger account (emulated)'),
]

/** The ids the page asks for (`?wallets=`), unknown ones dropped. */
export function chosenPersonalities(search = window.location.search): string[] {
  const asked = new URLSearchParams(search).get('wallets')?.split(',') ?? []
  return DEMO_PERSONALITIES.filter((p) => asked.includes(p.id)).map((p) => p.id)
}

/** Installs the chosen personalities; a wallet that cannot be installed is reported, not fatal. */
export async function installPersonalities(
  devnet: DevnetInfo,
  ids: readonly string[],
): Promise<{ installed: string[]; failed: Array<{ id: string; reason: string }> }> {
  const installed: string[] = []
  const failed: Array<{ id: string; reason: string }> = []
  for (const entry of DEMO_PERSONALITIES.filter((p) => ids.includes(p.id))) {
    try {
      await entry.install(devnet)
      installed.push(entry.id)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      console.error(`[demo] ${entry.name} was not installed: ${reason}`)
      failed.push({ id: entry.id, reason })
    }
  }
  return { installed, failed }
}
