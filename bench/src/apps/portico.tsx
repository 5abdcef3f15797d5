// The minimal Portico app of the bundle benchmark: ConnectButton + PorticoModal,
// the EVM adapter, no dev wallet. Built from the packages' dist (what an integrator installs).
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { ConnectButton, PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ adapters: [evmAdapter({ networks: [mainnet] })] })

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <PorticoModal />
  </PorticoProvider>,
)
