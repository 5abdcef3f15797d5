import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { anvil31337, anvil31338, type EvmNetwork, withRpcUrls } from '../networks/index.js'

/** Starts the devnet and returns the two preset networks pointed at its free ports. */
export async function startDevnetNetworks(): Promise<{
  devnet: EvmDevnet
  networks: [EvmNetwork, EvmNetwork]
}> {
  const devnet = await startEvmDevnet()
  const [a, b] = devnet.chains
  if (!a || !b) throw new Error('devnet has no chains')
  return { devnet, networks: [withRpcUrls(anvil31337, [a.rpcUrl]), withRpcUrls(anvil31338, [b.rpcUrl])] }
}
