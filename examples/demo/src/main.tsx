import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { createWorld, loadDevnet } from './setup.js'
import './styles.css'

const world = createWorld(await loadDevnet())
// For tests and curious visitors: the instances and the dev wallet.
;(window as unknown as { __portico: unknown }).__portico = { ...world, devWallet: world.wallet }
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App world={world} />
  </StrictMode>,
)
