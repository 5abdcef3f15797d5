import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { createWorld, loadDevnet, wcUri } from './setup.js'
import './styles.css'

const world = await createWorld(await loadDevnet())
// For tests and curious visitors: the instances, the dev wallets and the pairing URI.
;(window as unknown as { __portico: unknown }).__portico = {
  ...world,
  devWallet: world.wallet,
  wcUri: () => wcUri(world.portico),
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App world={world} />
  </StrictMode>,
)
