// The minimal app plus namesPlugin(): the plugin registers its views (lazy chunks)
// and an Account action, so the initial JS should grow by the registration only.
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { namesPlugin } from '@portico/plugin-names'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  adapters: [evmAdapter({ networks: [mainnet] })],
  apiUrl: 'http://127.0.0.1:8787',
  plugins: [namesPlugin()],
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
