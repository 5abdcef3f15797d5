import type { Portico } from '@portico/core'
import {
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  numberToHex,
  parseEther,
  toHex,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoProvider, InvalidProviderParamsError } from '../index.js'
import { DEV_WALLET_ID, startPage, startWorld } from '../test-helpers/world.js'

describe('createPorticoProvider: EIP-1193 over Portico (real anvil)', () => {
  let world: Awaited<ReturnType<typeof startWorld>>
  const opened: Portico[] = []
  const connected = async () => {
    const p = startPage(world)
    opened.push(p.portico)
    await p.portico.connect(DEV_WALLET_ID)
    return { ...p, provider: createPorticoProvider(p.portico) }
  }
  beforeAll(async () => {
    world = await startWorld()
  })
  afterEach(() => {
    for (const p of opened.splice(0)) p.destroy()
  })
  afterAll(async () => {
    await world?.devnet.stop()
  })

  it('answers eth_accounts / eth_chainId from Portico and forwards safe reads to the network RPC', async () => {
    const { provider, wallet } = await connected()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] })).toMatch(
      /^0x[0-9a-f]+$/,
    )
    const usdc = world.devnet.fixtures.tokens[0]!
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })
    expect(
      await provider.request({ method: 'eth_call', params: [{ to: usdc.address, data }, 'latest'] }),
    ).toBe(numberToHex(usdc.decimals, { size: 32 }))
  })

  it('a viem wallet client on the provider signs typed data through portico.signTypedData', async () => {
    const { provider, wallet, portico } = await connected()
    const client = createWalletClient({ transport: custom(provider) })
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const signature = await client.signTypedData({ account: wallet.address, ...typed })
    expect(await verifyTypedData({ address: wallet.address, signature, ...typed })).toBe(true)
    expect(Object.values(portico.getState().requests)[0]).toMatchObject({
      kind: 'signTypedData',
      status: 'success',
    })
  })

  it('emits chainChanged, accountsChanged and disconnect from Portico state', async () => {
    const { provider, portico } = await connected()
    const seen: unknown[] = []
    const onChain = (id: string) => seen.push(['chainChanged', id])
    const onAccounts = (a: readonly string[]) => seen.push(['accountsChanged', a])
    const onDisconnect = (e: { code: number | string }) => seen.push(['disconnect', e.code])
    provider.on('chainChanged', onChain)
    provider.on('accountsChanged', onAccounts)
    provider.on('disconnect', onDisconnect)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    await portico.disconnect('eip155')
    expect(seen).toEqual([
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
    provider.removeListener('chainChanged', onChain)
    provider.removeListener('accountsChanged', onAccounts)
    provider.removeListener('disconnect', onDisconnect)
  })

  it('malformed params are refused with InvalidProviderParamsError (-32602) before the wallet is asked', async () => {
    const { provider, wallet } = await connected()
    const bad = [
      { method: 'personal_sign', params: ['0x68', 'not-an-address'] },
      { method: 'personal_sign', params: [42, wallet.address] },
      {
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: wallet.address, maxFeePerGas: '0x1' }],
      },
      { method: 'eth_sendTransaction', params: [{ from: wallet.address, to: wallet.address, nonce: '0x1' }] },
      { method: 'eth_sendTransaction', params: [{ from: wallet.address, value: 'ten' }] },
      { method: 'eth_sendTransaction', params: [{ from: wallet.address }] },
      { method: 'eth_signTypedData_v4', params: [wallet.address, '{not json'] },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: 'abc' }] },
      { method: 'eth_chainId', params: 'nope' },
    ]
    for (const args of bad) {
      const error = await provider.request(args).catch((e: unknown) => e)
      expect(error, args.method).toBeInstanceOf(InvalidProviderParamsError)
      expect((error as InvalidProviderParamsError).code).toBe(-32602)
    }
    expect(
      wallet.requests.filter(
        (m) => m !== 'eth_requestAccounts' && m !== 'eth_accounts' && m !== 'eth_chainId',
      ),
    ).toEqual([])
  })

  it('another address, an unconfigured chain and unforwarded methods get 4100, 4902 and 4200', async () => {
    const { provider } = await connected()
    const other = world.devnet.fixtures.accounts[3]!.address
    const code = (args: { method: string; params?: unknown }) =>
      provider.request(args).then(
        () => 'resolved',
        (e: { code: unknown }) => e.code,
      )
    expect(await code({ method: 'personal_sign', params: [toHex('hi'), other] })).toBe(4100)
    expect(
      await code({ method: 'eth_sendTransaction', params: [{ from: other, to: other, value: '0x1' }] }),
    ).toBe(4100)
    expect(await code({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).toBe(4902)
    expect(
      await code({
        method: 'eth_sendTransaction',
        params: [{ to: other, value: numberToHex(parseEther('1')), chainId: '0x1' }],
      }),
    ).toBe(4902)
    expect(await code({ method: 'eth_sign', params: [other, '0x00'] })).toBe(4200)
    expect(await code({ method: 'eth_sendRawTransaction', params: ['0x00'] })).toBe(4200)
  })

  it('signing while nothing is connected is 4100; eth_accounts is empty', async () => {
    const p = startPage(world)
    opened.push(p.portico)
    const provider = createPorticoProvider(p.portico)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      provider.request({ method: 'personal_sign', params: [toHex('hi'), p.wallet.address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
