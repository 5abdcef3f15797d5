import type { WalletDirectoryApi, WalletDirectoryEntry, WalletListRequest } from '@portico/core'

/**
 * An in-memory wallet directory with the gateway's list semantics (page /
 * entries / include / exclude / chains / search by name), recording every
 * request and its abort signal. For UI logic tests; the HTTP contract itself
 * is tested by core's client and the server.
 */
export function memoryDirectory(entries: WalletDirectoryEntry[], delayMs = 0) {
  const requests: { params: WalletListRequest; signal?: AbortSignal }[] = []
  const api: WalletDirectoryApi = {
    async getWallets(params, signal) {
      requests.push({ params, signal })
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs))
      if (signal?.aborted) throw Object.assign(new Error('Request was aborted'), { name: 'AbortError' })
      let list = entries
      if (params.include?.length) list = list.filter((w) => params.include!.includes(w.id))
      if (params.exclude?.length) list = list.filter((w) => !params.exclude!.includes(w.id))
      if (params.chains?.length)
        list = list.filter((w) => !w.chains || w.chains.some((c) => params.chains!.includes(c)))
      if (params.search) {
        const q = params.search.toLowerCase()
        list = list.filter((w) => w.name.toLowerCase().includes(q))
      }
      const start = (params.page - 1) * params.entries
      return { count: list.length, data: list.slice(start, start + params.entries) }
    },
    getProjectConfig: async () => ({ id: 'local', name: 'local', features: {} }),
    getAllowedOrigins: async () => ({ allowedOrigins: [] }),
    getAnalyticsConfig: async () => ({ isAnalyticsEnabled: false }),
    getImageUrl: (kind, id) => `http://127.0.0.1:1/v2/${kind}/${id}`,
  }
  return { api, requests }
}

/** `n` directory entries: "Wallet 0001"…, every 10th with an rdns, all on eip155:31337. */
export function makeWallets(n: number): WalletDirectoryEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const num = String(i + 1).padStart(4, '0')
    return {
      id: `w${num}`,
      name: `Wallet ${num}`,
      image_id: `img${num}`,
      mobile_link: `wallet${num}://`,
      rdns: i % 10 === 0 ? `com.wallet${num}` : null,
      chains: ['eip155:31337'],
    }
  })
}
