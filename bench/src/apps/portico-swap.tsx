// The minimal app plus swapPlugin(): the plugin registers its views (lazy chunks)
// and an Account action, so the initial JS should grow by the registration only.
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { swapPlugin } from '@portico/plugin-swap'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  adapters: [evmAdapter({ networks: [mainnet] })],
  apiUrl: 'http://127.0.0.1:8787',
  plugins: [swapPlugin()],
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
