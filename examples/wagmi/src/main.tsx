import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App, DevnetMissing } from './App.js'
import { createWorld, loadDevnet } from './setup.js'
import './styles.css'

const root = createRoot(document.getElementById('root')!)
try {
  const world = await createWorld(await loadDevnet())
  // For tests and curious visitors.
  ;(window as unknown as { __porticoWagmi: unknown }).__porticoWagmi = world
  const queryClient = new QueryClient()
  root.render(
    <StrictMode>
      <WagmiProvider config={world.config}>
        <QueryClientProvider client={queryClient}>
          <App world={world} />
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
} catch (error) {
  root.render(<DevnetMissing error={error} />)
}
