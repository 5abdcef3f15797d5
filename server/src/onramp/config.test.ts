import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/index.js'
import { DEVNET_TREASURY_KEY, withDevnetSandbox } from './config.js'

describe('onramp configuration', () => {
  it('every provider is off by default; the SPEC §5 limits are the default payment limits', () => {
    const c = resolveConfig({})
    expect(c.onramp.sandbox.enabled).toBe(false)
    expect(c.onramp.coinbase ?? c.onramp.moonpay ?? c.onramp.transak ?? c.onramp.meld).toBeUndefined()
    expect(c.onramp.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
  })

  it('provider keys come from the environment; a provider is on only when all its keys are set', () => {
    const c = resolveConfig(
      {},
      {
        PORTICO_ONRAMP_MOONPAY_API_KEY: 'pk_test_key',
        PORTICO_ONRAMP_MOONPAY_SECRET_KEY: 'sk_test_key',
        PORTICO_ONRAMP_TRANSAK_API_KEY: 'only-half',
        PORTICO_ONRAMP_MELD_API_KEY: 'meld',
      },
    )
    expect(c.onramp.moonpay).toMatchObject({ apiKey: 'pk_test_key', widgetUrl: 'https://buy.moonpay.com' })
    expect(c.onramp.transak).toBeUndefined()
    expect(c.onramp.meld?.apiUrl).toBe('https://api.meld.io')
  })

  it('--devnet turns the sandbox on with the devnet treasury unless the file says otherwise', () => {
    const evm = { networks: [{ caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:8545' }] }
    expect(withDevnetSandbox(evm).onramp).toEqual({
      sandbox: { enabled: true, treasuryPrivateKey: DEVNET_TREASURY_KEY },
    })
    // A devnet without an EVM chain has nothing to pay on: the sandbox stays off.
    expect(withDevnetSandbox({ networks: [{ caipNetworkId: 'solana:abc' }] }).onramp).toBeUndefined()
    expect(withDevnetSandbox({ onramp: { sandbox: { enabled: false } } }).onramp).toEqual({
      sandbox: { enabled: false, treasuryPrivateKey: DEVNET_TREASURY_KEY },
    })
  })

  it('a bad limit or key is a configuration error', () => {
    expect(() =>
      resolveConfig({
        onramp: {
          paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: 'ten', max: '1' }] }],
        },
      }),
    ).toThrow(/invalid configuration/)
    expect(() => resolveConfig({ onramp: { sandbox: { treasuryPrivateKey: '0x12' } } })).toThrow(
      /invalid configuration/,
    )
  })
})
