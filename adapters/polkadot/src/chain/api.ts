import type { ApiPromise } from '@polkadot/api'
import { NetworkRequestError } from '@portico/core'
import type { PolkadotNetwork } from '../networks/index.js'

/** How long connecting to a node may take before reads fail with a typed error. */
export const CONNECT_TIMEOUT_MS = 15_000

/**
 * One `ApiPromise` per node URL, created on first use: `@polkadot/api` is
 * loaded with `import()` then, so an app that never reads a Polkadot chain
 * never downloads it. A failed connection is forgotten so the next call retries.
 */
export class ApiPool {
  readonly #apis = new Map<string, Promise<ApiPromise>>()

  get(network: PolkadotNetwork): Promise<ApiPromise> {
    const url = network.rpcUrls.default.webSocket?.[0] ?? network.rpcUrls.default.http[0]
    if (!url)
      return Promise.reject(new NetworkRequestError({ details: `${network.caipNetworkId} has no RPC URL` }))
    let api = this.#apis.get(url)
    if (!api) {
      api = connect(url)
      this.#apis.set(url, api)
      api.catch(() => this.#apis.delete(url))
    }
    return api
  }

  /** Closes every connection (the adapter's `destroy`). */
  async close(): Promise<void> {
    const apis = [...this.#apis.values()]
    this.#apis.clear()
    await Promise.all(apis.map((p) => p.then((api) => api.disconnect()).catch(() => undefined)))
  }
}

async function connect(url: string): Promise<ApiPromise> {
  const { ApiPromise, HttpProvider, WsProvider } = await import('@polkadot/api')
  const provider = /^wss?:/.test(url) ? new WsProvider(url, 2_000) : new HttpProvider(url)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new NetworkRequestError({ details: `no answer from ${url} in ${CONNECT_TIMEOUT_MS / 1000} s` }),
        ),
      CONNECT_TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([
      // initWasm: false — the API otherwise never gets ready on a page whose CSP forbids WebAssembly
      // (no 'wasm-unsafe-eval'); hashing and sr25519 have pure-JS paths in @polkadot/util-crypto.
      ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true, initWasm: false }),
      timeout,
    ])
  } catch (error) {
    await provider.disconnect().catch(() => undefined)
    throw error instanceof NetworkRequestError ? error : new NetworkRequestError({ cause: error })
  } finally {
    clearTimeout(timer)
  }
}
