// The floor: wagmi + viem + react-query and a plain button that connects the injected wallet.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, injected, useConnect, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  transports: { [mainnet.id]: http() },
})
const queryClient = new QueryClient()

function Button() {
  const { connect, connectors } = useConnect()
  return (
    <button type="button" onClick={() => connect({ connector: connectors[0]! })}>
      Connect Wallet
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <Button />
    </QueryClientProvider>
  </WagmiProvider>,
)
