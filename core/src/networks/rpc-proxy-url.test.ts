import { describe, expect, it } from 'vitest'
import { rpcProxyUrl } from './rpc-proxy-url.js'

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
