// Run by the global setup in its own Node process (with the `source`
// condition): the devnet and this plugin's gateway, served as one world.
import { serveEvmWorld } from '@portico/devnet/test-helpers'
import { startGateway } from './gateway.js'

await serveEvmWorld(async (devnet) => {
  const { url, gateway } = await startGateway(devnet)
  return { url, close: () => gateway.close() }
})
