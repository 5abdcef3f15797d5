// The dev WalletConnect wallet as a process, for the demo and manual tests:
//   node --import tsx devnet/src/walletconnect/wallet-main.ts 'wc:…' [--relay ws://127.0.0.1:8550] [--reject]
// Relay URL and RPC URLs come from the running devnet (`portico-devnet start`)
// unless given. Pairs with the URI, approves (or rejects with --reject), answers
// requests with anvil's first key (and, when those devnets run, Solana dev key 1,
// Polkadot //Bob, Bitcoin dev account 1 and Cosmos dev account 1: funded keys
// the injected dev wallets do not use first), logs each request, and runs until Ctrl-C.
import type { CosmosServiceInfo } from '../cosmos/service.js'
import type { PolkadotServiceInfo } from '../polkadot/service.js'
import type { SolanaServiceInfo } from '../solana/service.js'
import { readDevnetState } from '../state.js'
import { createDevWcWallet } from './dev-wallet/index.js'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const uri = args.find((a) => a.startsWith('wc:'))
const state = readDevnetState()
const relayUrl = flag('--relay') ?? (state?.services.walletconnect?.url as string | undefined)
if (!uri || !relayUrl) {
  console.error(
    'usage: wallet-main.ts <wc:uri> [--relay ws://127.0.0.1:8550] [--reject]  (start the devnet first)',
  )
  process.exit(2)
}
const chains = (state?.services.evm?.chains as { chainId: number; rpcUrl: string }[] | undefined) ?? []
const rejecting = args.includes('--reject')
// With the local SVM running, the wallet also approves solana and sends with Solana dev key 1.
const sol = state?.services.solana as SolanaServiceInfo | undefined
const solKey = sol?.fixtures.devKeypairs[1]
const dot = state?.services.polkadot as PolkadotServiceInfo | undefined
const cosmos = state?.services.cosmos as CosmosServiceInfo | undefined
const wallet = await createDevWcWallet({
  relayUrl,
  rpcUrls: {
    ...Object.fromEntries(chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    ...(sol ? { [sol.caipNetworkId]: sol.rpcUrl } : {}),
  },
  ...(solKey ? { solana: { address: solKey.address, secretKey: solKey.secretKey } } : {}),
  ...(dot ? { polkadot: { uri: '//Bob', ss58Prefix: dot.ss58Prefix } } : {}),
  ...(state?.services.bitcoin
    ? { bitcoin: { index: 1, esploraUrl: (state.services.bitcoin as { esploraUrl?: string }).esploraUrl } }
    : {}),
  ...(cosmos
    ? {
        cosmos: {
          index: 1,
          prefixes: Object.fromEntries(cosmos.chains.map((c) => [c.caipNetworkId, c.bech32Prefix])),
        },
      }
    : {}),
  behaviour: rejecting ? 'reject' : 'approve',
})
wallet.client.on('session_request', (e) =>
  console.log(`request ${e.params.request.method} on ${e.params.chainId}`),
)
wallet.client.on('session_delete', () => console.log('session deleted by the dApp'))
const session = await wallet.pair(uri)
console.log(
  session ? `connected ${wallet.address} (session ${session.topic.slice(0, 8)}…)` : 'proposal rejected',
)
const stop = () => {
  void wallet.stop().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
