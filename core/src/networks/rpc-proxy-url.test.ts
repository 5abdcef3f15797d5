import { describe, expect, it } from 'vitest'
import { networkRpcUrls, rpcProxyUrl } from './rpc-proxy-url.js'

describe('rpcProxyUrl (SPEC §7 RPC: projectId and chainId query parameters)', () => {
  it('builds POST /v1 on the gateway with chainId and projectId', () => {
    const u = new URL(rpcProxyUrl('https://gw.example.com/base/', 'eip155:1', 'p-1'))
    expect(u.pathname).toBe('/base/v1')
    expect(u.searchParams.get('chainId')).toBe('eip155:1')
    expect(u.searchParams.get('projectId')).toBe('p-1')
  })

  it('refuses a non-http apiUrl and a network id that is not CAIP-2', () => {
    expect(() => rpcProxyUrl('javascript:alert(1)', 'eip155:1', 'p')).toThrow(TypeError)
    expect(() => rpcProxyUrl('http://127.0.0.1:1', '1', 'p')).toThrow(TypeError)
  })
})

describe('networkRpcUrls (issue 18: adapters use the proxy for a network with no RPC URL of its own)', () => {
  const bare = { caipNetworkId: 'eip155:31337', rpcUrls: { default: { http: [] as string[] } } }

  it("a network's own RPC URLs win over the gateway", () => {
    const own = { caipNetworkId: 'eip155:1', rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }
    expect(networkRpcUrls(own, { apiUrl: 'http://127.0.0.1:9', projectId: 'p' })).toEqual([
      'http://127.0.0.1:8545',
    ])
  })

  it('no own URL + apiUrl → the proxy URL with the projectId (local when none is set)', () => {
    const [url] = networkRpcUrls(bare, { apiUrl: 'http://127.0.0.1:9/gw', projectId: 'p-2' })
    expect(url).toBe(rpcProxyUrl('http://127.0.0.1:9/gw', 'eip155:31337', 'p-2'))
    const u = new URL(networkRpcUrls(bare, { apiUrl: 'http://127.0.0.1:9' })[0] as string)
    expect(u.searchParams.get('projectId')).toBe('local')
  })

  it('no own URL and no apiUrl → no URL at all (never a public endpoint)', () => {
    expect(networkRpcUrls(bare, {})).toEqual([])
    expect(networkRpcUrls({ caipNetworkId: 'eip155:1' }, {})).toEqual([])
  })
})
