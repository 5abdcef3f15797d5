import { sanitizeWalletIcon } from '@portico/core'
import { createWindowStub, DEV_WALLET_ICON } from '@portico/dev-wallets/evm'
import type { EvmDevnet } from '@portico/devnet'
import { startEvmDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANNOUNCE_EVENT, REQUEST_EVENT } from '../discovery/index.js'
import { createDevWallet, type DevWallet } from './index.js'

describe('Portico Dev Wallet (EIP-1193 + EIP-6963, real anvil)', () => {
  let devnet: EvmDevnet
  let wallet: DevWallet
  beforeAll(async () => {
    devnet = await startEvmDevnet()
  })
  afterAll(async () => {
    await devnet?.stop()
  })
  const fresh = () => {
    wallet = createDevWallet({ networks: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })) })
    return wallet
  }
  const request = (method: string, params?: unknown[]) => wallet.provider.request({ method, params })

  it('announces itself with the EIP-6963 protocol: on start and on every requestProvider event', () => {
    fresh()
    const win = createWindowStub()
    const seen: unknown[] = []
    win.addEventListener(ANNOUNCE_EVENT, (e) => seen.push((e as CustomEvent).detail))
    const stop = wallet.announce(win)
    win.dispatchEvent(new Event(REQUEST_EVENT))
    stop()
    win.dispatchEvent(new Event(REQUEST_EVENT))
    expect(seen).toHaveLength(2)
    const detail = seen[0] as {
      info: { name: string; rdns: string; icon: string; uuid: string }
      provider: unknown
    }
    expect(detail.info).toMatchObject({
      name: 'Portico Dev Wallet',
      rdns: 'dev.portico.wallet',
      icon: DEV_WALLET_ICON,
    })
    expect(detail.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(detail.provider).toBe(wallet.provider)
    expect(Object.isFrozen(detail) && Object.isFrozen(detail.info)).toBe(true)
    expect(sanitizeWalletIcon(DEV_WALLET_ICON)).toBe(DEV_WALLET_ICON) // its own icon passes the adapter's checks
  })

  it('holds the devnet keys: accounts only after eth_requestAccounts; forwards reads to the RPC', async () => {
    fresh()
    expect(await request('eth_accounts')).toEqual([])
    expect(await request('eth_chainId')).toBe('0x7a69')
    expect(await request('eth_requestAccounts')).toEqual([devnet.fixtures.accounts[0]!.address])
    expect(await request('eth_accounts')).toEqual([devnet.fixtures.accounts[0]!.address])
    expect(await request('eth_getBalance', [devnet.fixtures.accounts[0]!.address, 'latest'])).toMatch(
      /^0x[0-9a-f]+$/,
    )
    expect(await request('eth_blockNumber')).toMatch(/^0x[0-9a-f]+$/)
  })

  it('refuses signing before connect (4100), for another account (4100), and unsupported methods (4200)', async () => {
    fresh()
    const other = devnet.fixtures.accounts[1]!.address
    await expect(request('personal_sign', ['0x68', wallet.address])).rejects.toMatchObject({ code: 4100 })
    await request('eth_requestAccounts')
    await expect(request('personal_sign', ['0x68', other])).rejects.toMatchObject({ code: 4100 })
    await expect(request('eth_sign', [wallet.address, '0x68'])).rejects.toMatchObject({ code: 4200 })
    await expect(request('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4902,
    })
    await expect(
      request('wallet_addEthereumChain', [{ chainId: '0x1', rpcUrls: ['ftp://x'] }]),
    ).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('behaviour switch: reject next (4001) affects only the next user request', async () => {
    fresh()
    wallet.rejectNext()
    await expect(request('eth_requestAccounts')).rejects.toMatchObject({ code: 4001 })
    expect(await request('eth_requestAccounts')).toHaveLength(1)
    wallet.setBehaviour('reject')
    await expect(request('personal_sign', ['0x68', wallet.address])).rejects.toMatchObject({ code: 4001 })
    expect(await request('eth_chainId')).toBe('0x7a69') // reads are never gated
    wallet.setBehaviour('approve')
    expect(await request('personal_sign', ['0x68', wallet.address])).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('behaviour switch: a held request waits until released, or is rejected on demand (races, slow wallets)', async () => {
    fresh()
    wallet.holdNext()
    let settled = false
    const connecting = request('eth_requestAccounts').finally(() => {
      settled = true
    })
    const held = await wallet.nextHeld()
    expect(held.method).toBe('eth_requestAccounts')
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    expect(wallet.pending).toHaveLength(1)
    held.release()
    expect(await connecting).toEqual([wallet.address])
    expect(wallet.pending).toHaveLength(0)

    wallet.setBehaviour('hold')
    const a = request('personal_sign', ['0x01', wallet.address])
    const b = request('personal_sign', ['0x02', wallet.address])
    await new Promise((r) => setTimeout(r, 10))
    expect(wallet.pending.map((p) => (p.params as string[])[0])).toEqual(['0x01', '0x02'])
    wallet.pending[1]!.reject()
    await expect(b).rejects.toMatchObject({ code: 4001 })
    wallet.releaseAll()
    expect(await a).toMatch(/^0x/)
  })

  it('behaviour switch: rejectNext(error) answers with that error; tamperNext gives one malformed answer', async () => {
    fresh()
    wallet.rejectNext(Object.assign(new Error('Chains rejected.'), { code: 5001 }))
    await expect(request('eth_requestAccounts')).rejects.toMatchObject({ code: 5001 })
    wallet.tamperNext('accounts')
    expect(await request('eth_requestAccounts')).toEqual(['0x1234'])
    expect(await request('eth_accounts')).toEqual([wallet.address])
    wallet.tamperNext('signature')
    expect(await request('personal_sign', ['0x68', wallet.address])).toMatch(/^0x[0-9a-f]{128}$/)
    expect(await request('personal_sign', ['0x68', wallet.address])).toMatch(/^0x[0-9a-f]{130}$/)
    expect(() => wallet.setBehaviour('reject-next' as never)).toThrow(TypeError)
  })

  it('emits chainChanged on switch, accountsChanged on account change, and accountsChanged([]) on revoke', async () => {
    fresh()
    const events: unknown[] = []
    wallet.provider.on('chainChanged', (id) => events.push(['chain', id]))
    wallet.provider.on('accountsChanged', (a) => events.push(['accounts', a]))
    await request('eth_requestAccounts')
    await request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    await request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]) // no change, no event
    wallet.selectAccount(2)
    await request('wallet_revokePermissions', [{ eth_accounts: {} }])
    expect(events).toEqual([
      ['chain', '0x7a6a'],
      ['accounts', [devnet.fixtures.accounts[2]!.address]],
      ['accounts', []],
    ])
    expect(await request('eth_accounts')).toEqual([])
  })
})
