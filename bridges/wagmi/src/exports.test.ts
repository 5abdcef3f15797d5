import { describe, expect, it } from 'vitest'

describe('@portico/wagmi public API', () => {
  it('export list of "." matches the inline snapshot', async () => {
    const api = await import('./index.js')
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
      [
        "InvalidProviderParamsError",
        "PORTICO_CONNECTOR_TYPE",
        "PorticoWagmiOptionsError",
        "createPorticoProvider",
        "porticoConnector",
      ]
    `)
  })
  it('importing has no side effects: no window, nothing subscribed', async () => {
    await import('./index.js')
    expect((globalThis as { window?: unknown }).window).toBeUndefined()
  })
})
