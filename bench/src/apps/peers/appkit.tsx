// Minimal AppKit app: its connect button + modal, EVM via the wagmi adapter.
// (Type-checked only when bench/.peers is installed: excluded from tsconfig.)

import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'bench0000000000000000000000000000'
const networks = [mainnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
createAppKit({
  adapters: [wagmiAdapter],
  networks: [mainnet],
  projectId,
  metadata: { name: 'bench', description: 'bench', url: 'http://127.0.0.1', icons: [] },
  features: { analytics: false },
})
const queryClient = new QueryClient()

function App() {
  return (
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <appkit-button />
      </QueryClientProvider>
    </WagmiProvider>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
