import { sandboxPayExchange } from '@portico/core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EvmDevnet, startEvmDevnet } from '../evm/devnet.js'
import { type ExchangeSandbox, startExchangeSandbox } from './server.js'

let devnet: EvmDevnet
let exchange: ExchangeSandbox
beforeAll(async () => {
  devnet = await startEvmDevnet()
  exchange = await startExchangeSandbox({
    chains: devnet.chains,
    tokens: devnet.fixtures.tokens,
    funderKey: devnet.fixtures.accounts[9]!.privateKey,
  })
}, 120_000)
afterAll(async () => {
  await exchange?.close()
  await devnet?.stop()
})

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${exchange.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

describe('the sandbox exchange on the devnet', () => {
  it('refuses a login with the wrong password and a pay without a session', async () => {
    expect((await post('/v1/exchange/sessions', { username: 'alice', password: 'nope' })).body.code).toBe(
      'invalid_credentials',
    )
    const r = await post('/v1/exchange/payments', {
      network: 'eip155:31337',
      recipient: exchange.treasury,
      asset: 'native',
      amount: '1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'not_logged_in'])
  })

  it('after a simulated login, pays USDC from its treasury once per reference; refuses a non-devnet network', async () => {
    const login = await post('/v1/exchange/sessions', { username: 'alice', password: 'devnet' })
    expect(login.status).toBe(201)
    const token = login.body.token
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const usdc = devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!
    const body = { network: 'eip155:31337', recipient, asset: 'USDC', amount: '7.5', reference: 'order-1' }
    const paid = await post('/v1/exchange/payments', body, token)
    expect(paid.status).toBe(201)
    expect(paid.body).toMatchObject({
      status: 'sent',
      from: exchange.treasury,
      amount: '7.5',
      symbol: 'USDC',
    })
    const again = await post('/v1/exchange/payments', body, token)
    expect([again.status, again.body.txHash]).toEqual([200, paid.body.txHash])
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const balance = await client.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    })
    expect(balance).toBe(parseUnits('7.5', usdc.decimals))
    const mainnet = await post(
      '/v1/exchange/payments',
      { ...body, network: 'eip155:1', reference: 'order-2' },
      token,
    )
    expect([mainnet.status, mainnet.body.code]).toEqual([400, 'network_not_supported'])
  })

  it('core’s sandboxPayExchange provider logs in and gets a mined ETH transfer from the treasury to the recipient', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const provider = sandboxPayExchange({ url: exchange.url })
    const started = await provider.start({
      payment: {
        id: 'pay-core-1',
        request: { recipient, amount: '0.25', asset: 'native', network: 'eip155:31337' },
        namespace: 'eip155',
        networkName: 'Anvil',
        asset: { symbol: 'ETH', decimals: 18 },
        units: parseUnits('0.25', 18),
        requester: { origin: 'http://127.0.0.1', name: 'Shop' },
        status: 'review',
      },
    })
    if (started.kind !== 'sent') throw new Error(`expected a sent payment, got ${started.kind}`)
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const receipt = await client.getTransactionReceipt({ hash: started.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(exchange.treasury.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(parseUnits('0.25', 18))
  })

  it('will not start on a chain that is not a devnet on loopback', async () => {
    await expect(
      startExchangeSandbox({
        chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:8545' }],
        tokens: [],
        funderKey: generatePrivateKey(),
      }),
    ).rejects.toThrow(/devnets only/)
    await expect(
      startExchangeSandbox({
        chains: [{ chainId: 31337, rpcUrl: 'https://rpc.example.com' }],
        tokens: [],
        funderKey: generatePrivateKey(),
      }),
    ).rejects.toThrow(/devnets only/)
  })
})
