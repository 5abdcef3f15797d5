import type { ChainKeys, ChainType } from '../chain-keys.js'

/**
 * The namespaces' keys as modules, for Node (tests and tools): the browser
 * frame loads the same modules as scripts of their own (page/chains.ts).
 */
export function loadChainKeys(type: ChainType): Promise<ChainKeys> {
  switch (type) {
    case 'bip122':
      return import('../bitcoin/index.js').then((m) => m.bitcoinKeys)
    case 'cosmos':
      return import('../cosmos/index.js').then((m) => m.cosmosKeys)
    case 'polkadot':
      return import('../polkadot/index.js').then((m) => m.polkadotKeys)
  }
}
