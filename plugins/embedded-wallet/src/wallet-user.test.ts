import { anvil31337, anvil31338, evmAdapter } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedWalletPlugin } from './index.js'
import { registrations } from './plugin.js'

const ADDRESS = '0x00000000000000000000000000000000000000a1'

describe('SPEC §3 Wallet user of an embedded-wallet login', () => {
  // createPortico subscribes to the connector, which starts loading the controller lazily.
  afterAll(async () => {
    await import('./controller/index.js')
  })

  function setup() {
    const portico = createPortico({
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'local',
      adapters: [evmAdapter({ networks: [anvil31337, anvil31338] })],
      plugins: [embeddedWalletPlugin({ views: false })],
    })
    const options = registrations.get(portico)!.options
    return { portico, options, user: () => portico.getState().accounts.eip155?.user }
  }

  it('an email login carries email, address, chainId, accounts and preferredAccountType; a social one the userName', () => {
    const { options, user } = setup()
    options.setUser({ email: 'ada@example.com', address: ADDRESS })
    expect(user()).toEqual({
      email: 'ada@example.com',
      address: ADDRESS,
      chainId: 31337,
      accounts: [
        { namespace: 'eip155', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}`, type: 'eoa' },
      ],
      preferredAccountType: 'eoa',
    })
    options.setUser({ email: 'ada', address: ADDRESS, provider: 'github' })
    expect(user()).toMatchObject({ userName: 'ada', chainId: 31337 })
    expect(user()?.email).toBeUndefined()
  })

  it('chainId and accounts follow a network switch; signing out clears the user and it follows nothing', async () => {
    const { portico, options, user } = setup()
    options.setUser({ email: 'ada@example.com', address: ADDRESS })
    await portico.switchNetwork(anvil31338.caipNetworkId)
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    expect(user()).toMatchObject({
      chainId: 31338,
      accounts: [{ caipAddress: `eip155:31338:${ADDRESS}` }],
      email: 'ada@example.com',
    })
    options.setUser(undefined)
    expect(user()).toBeUndefined()
    await portico.switchNetwork(anvil31337.caipNetworkId)
    expect(user()).toBeUndefined()
  })
})
