import type { ChainKeys, ChainType } from './chain-keys.js'

/** The namespaces the frame keeps keys for beyond EVM and Solana (issue 14), in the export card's order. */
export const CHAIN_TYPES: readonly ChainType[] = ['bip122', 'cosmos', 'polkadot']

/** Each namespace's keys module, as the gateway serves it: `/chains/<name>.js` exporting `<export>`. */
export const CHAIN_SCRIPTS: Readonly<Record<ChainType, { name: string; export: string }>> = {
  bip122: { name: 'bitcoin', export: 'bitcoinKeys' },
  cosmos: { name: 'cosmos', export: 'cosmosKeys' },
  polkadot: { name: 'polkadot', export: 'polkadotKeys' },
}

/**
 * The frame's loader: a namespace's keys are a script of their own, fetched
 * from the signer origin on its first request, so a site that only uses EVM
 * and Solana never downloads them. (A variable specifier: the bundler leaves
 * the import to the browser.)
 */
export async function importChainKeys(type: ChainType): Promise<ChainKeys> {
  const script = CHAIN_SCRIPTS[type]
  const url = `/chains/${script.name}.js`
  const module = (await import(url)) as Record<string, unknown>
  const keys = module[script.export] as ChainKeys | undefined
  if (!keys || keys.type !== type) throw new Error(`${url} did not provide the ${type} keys`)
  return keys
}
