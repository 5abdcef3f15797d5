// Sandbox settlement survives the death of the instance that started it: instance A (a real
// `portico-server` process) takes the payout, signs and records the transfer, and is killed
// (SIGKILL) before the transfer reaches the chain; instance B, on the same PostgreSQL database,
// resumes the job once A's lease ran out and pays — exactly once.
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type ServerProcess, spawnServer } from '../test-helpers/process.js'
import { DEVNET_TREASURY_KEY } from './config.js'
import { SettlementStore } from './settlement/store.js'

const q = 'st=portico-test&sv=0.1.0&projectId=local'

/**
 * A JSON-RPC relay to anvil that forwards everything but `eth_sendRawTransaction`, which it holds
 * unanswered and never forwards: the instance behind it signs, records and sends, but its
 * transfer never reaches the chain.
 */
async function holdingRelay(target: string) {
  const held: string[] = []
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const msg = JSON.parse(body)
    if (!Array.isArray(msg) && msg.method === 'eth_sendRawTransaction') {
      held.push(msg.params[0])
      return // never answered
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((r) => server.close(() => r()))
    },
  }
}

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const v = await fn()
    if (v !== undefined && v !== false) return v
    if (Date.now() - start > ms) throw new Error('until: timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('sandbox settlement is a job in the database that another instance resumes', () => {
  let devnet: EvmDevnet
  let db: TestDatabase
  let relay: Awaited<ReturnType<typeof holdingRelay>>
  let a: ServerProcess | undefined
  let b: TestGateway | undefined
  beforeAll(async () => {
    devnet = await startEvmDevnet()
    db = await createTestDatabase('postgres')
    relay = await holdingRelay(devnet.chains[0]!.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    a?.child.kill('SIGKILL')
    await b?.close()
    await relay?.close()
    await db?.drop()
    await devnet?.stop()
  })

  it('instance A is killed after signing, before paying; instance B pays the same transfer once', async () => {
    const chain = devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const usdc = devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!
    const buyer = devnet.fixtures.accounts[5]!.address as Address
    const treasury = privateKeyToAccount(DEVNET_TREASURY_KEY).address
    const balance = () =>
      client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
    const prices = {
      usd: Object.fromEntries(
        devnet.chains.flatMap((c) => [
          [`eip155:${c.chainId}:native`, 2000],
          [`eip155:${c.chainId}:${usdc.address.toLowerCase()}`, 1],
        ]),
      ),
    }
    const settlement = { leaseMs: 3000, pollIntervalMs: 100, receiptTimeoutMs: 2000 }
    const onramp = { sandbox: { enabled: true, treasuryPrivateKey: DEVNET_TREASURY_KEY, settlement } }
    const file = join(tmpdir(), `portico-settlement-${process.pid}.json`)
    writeFileSync(
      file,
      JSON.stringify({
        networks: devnetNetworks(devnet, { [chain.chainId]: relay.url }),
        prices,
        onramp,
        logLevel: 'info',
      }),
    )
    a = await spawnServer(['--config', file], { DATABASE_URL: db.url })

    const startBalance = await balance()
    const startNonce = await client.getTransactionCount({ address: treasury })
    const created = await call(`${a.url}/v1/generators/onrampurl?${q}`, {
      json: {
        destinationWallets: [{ address: buyer, blockchains: ['devnet-31337'], assets: ['USDC'] }],
        partnerUserId: 'visitor-1',
        defaultExperience: 'buy',
        presetFiatAmount: 50,
      },
    })
    expect(created.status).toBe(200)
    const id = created.body.orderId as string
    const base = `${a.url}/onramp/sandbox/orders/${id}`
    expect(
      (await call(`${base}/pay`, { json: { method: 'card', card: '4242 4242 4242 4242' } })).status,
    ).toBe(200)
    const confirmed = await call(`${base}/confirm`, { json: {} })
    expect([confirmed.status, confirmed.body.stage]).toEqual([200, 'funding'])

    // A signed and recorded the transfer and is sending it (held by the relay): kill A now.
    await until(async () => relay.held.length > 0)
    a.child.kill('SIGKILL')
    await new Promise((r) => a!.child.once('exit', r))
    a = undefined
    expect(await balance()).toBe(startBalance)
    expect(await client.getTransactionCount({ address: treasury, blockTag: 'pending' })).toBe(startNonce)

    // B: same database, the chain directly. It resumes the job once A's lease ran out.
    b = await startTestGateway(
      'postgres',
      { networks: devnetNetworks(devnet), prices, onramp },
      { database: db },
    )
    const order = await until(async () => {
      const r = await call(`${b!.url}/onramp/sandbox/orders/${id}`)
      return r.body.status === 'completed' ? r.body : undefined
    })
    const job = (await new SettlementStore(b.gateway.db).get(id))!
    // B sent the transfer A signed (same hash, same nonce), and nothing else.
    expect(order.txHash).toBe(job.txHash)
    expect(relay.held).toEqual([job.rawTx])
    expect(job.state).toBe('done')
    expect(job.attempts).toBe(2)
    expect(job.owner).not.toBeNull()
    expect(await balance()).toBe(startBalance + parseUnits(order.purchaseAmount, usdc.decimals))
    expect(await client.getTransactionCount({ address: treasury })).toBe(startNonce + 1)

    // B keeps running: the job is done, so no later pass pays again.
    await new Promise((r) => setTimeout(r, 1000))
    expect(await balance()).toBe(startBalance + parseUnits(order.purchaseAmount, usdc.decimals))
    expect(await client.getTransactionCount({ address: treasury })).toBe(startNonce + 1)
  }, 240_000)
})
