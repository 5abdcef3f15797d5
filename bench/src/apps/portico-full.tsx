// The full app (issue 31): every namespace and every plugin a site can add — the five chain
// adapters, WalletConnect, the embedded wallet, swap, onramp, names — and sign-in (SIWX) on.
// Its first load must stay under the wagmi + viem floor: adapters' SDKs, plugins' views and
// flows are lazy chunks; what is left is their registrations.
import { bitcoinAdapter, bitcoinMainnet } from '@portico/adapter-bitcoin'
import { cosmosAdapter, defineCosmosNetwork } from '@portico/adapter-cosmos'
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { polkadotAdapter, polkadotMainnet } from '@portico/adapter-polkadot'
import { solanaAdapter, solanaMainnet } from '@portico/adapter-solana'
import { createPortico } from '@portico/core'
import { embeddedWalletPlugin } from '@portico/plugin-embedded-wallet'
import { namesPlugin } from '@portico/plugin-names'
import { onrampPlugin } from '@portico/plugin-onramp'
import { swapPlugin } from '@portico/plugin-swap'
import { walletConnectPlugin } from '@portico/plugin-walletconnect'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const cosmosHub = defineCosmosNetwork({
  chainId: 'cosmoshub-4',
  name: 'Cosmos Hub',
  bech32Prefix: 'cosmos',
  rpcUrl: 'http://127.0.0.1:26657',
  restUrl: 'http://127.0.0.1:1317',
  currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
  gasPrice: '0.025',
})

const portico = createPortico({
  adapters: [
    evmAdapter({ networks: [mainnet] }),
    solanaAdapter({ networks: [solanaMainnet] }),
    polkadotAdapter({ appName: 'Portico bench', networks: [polkadotMainnet] }),
    bitcoinAdapter({ networks: [bitcoinMainnet] }),
    cosmosAdapter({ networks: [cosmosHub] }),
  ],
  apiUrl: 'http://127.0.0.1:8787',
  projectId: 'bench',
  siwx: {},
  plugins: [walletConnectPlugin(), embeddedWalletPlugin(), swapPlugin(), onrampPlugin(), namesPlugin()],
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
