/**
 * @typedef {{ address: `0x${string}`, symbol: string, name: string, decimals: number }} Token
 * @typedef {{ chains: { chainId: number, rpcUrl: string }[], tokens: Token[], found: boolean }} Devnet
 */

/**
 * Where the devnet runs: `/devnet.json`, served by the example's server (scripts/start.mjs)
 * or by the e2e harness. Without it, the anvil ports of `portico-devnet start`.
 * @returns {Promise<Devnet>}
 */
export async function loadDevnet() {
  const res = await fetch('/devnet.json', { cache: 'no-store' }).catch((error) => {
    console.warn('devnet.json could not be read; using the default devnet ports', error)
    return undefined
  })
  if (res?.ok) {
    const body = await res.json()
    return { chains: body.chains ?? [], tokens: body.tokens ?? [], found: true }
  }
  return {
    found: false,
    chains: [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
    ],
    tokens: [],
  }
}
