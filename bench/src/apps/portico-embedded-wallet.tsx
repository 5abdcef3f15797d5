// The minimal app plus embeddedWalletPlugin() (issue 14): the plugin registers its
// connector and views; the flow (/controller) and the views (/react) are lazy chunks,
// so the initial JS should grow by the registration only (budget ≤ 5 KiB gz).
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { embeddedWalletPlugin } from '@portico/plugin-embedded-wallet'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  adapters: [evmAdapter({ networks: [mainnet] })],
  apiUrl: 'http://127.0.0.1:8787',
  plugins: [embeddedWalletPlugin()],
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
