// The minimal app plus WalletConnect (the peers ship it by default): the plugin's
// SDK and QR views are lazy, so this shows what it adds to the first load.
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { walletConnectPlugin } from '@portico/plugin-walletconnect'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  adapters: [evmAdapter({ networks: [mainnet] })],
  plugins: [walletConnectPlugin()],
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
