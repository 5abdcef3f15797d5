import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpBlockchainApi } from '@portico/core'
import {
  deterministicKeypair,
  type SolanaDevnet,
  solanaFixturesToJson,
  startSolanaDevnet,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { spawnServer } from '../test-helpers/process.js'
import { type RpcProxy, startRpcProxy } from '../test-helpers/rpc-proxy.js'
import { isSolanaPublicKey, SOL_NATIVE_ADDRESS, SPL_TOKEN_PROGRAM_ID } from './solana.js'

// Balances live in the gateway's memory cache, not in storage: one engine is enough.
let svm: SolanaDevnet
let proxy: RpcProxy
let t: TestGateway
let api: HttpBlockchainApi
let net: `solana:${string}`
const q = 'st=t&sv=1&projectId=local'

/** A second SPL token account of the fixture mint for `owner` holding `amount`, written straight into the SVM. */
function addTokenAccount(seed: string, owner: Uint8Array, amount: bigint) {
  const template = svm.svm.getAccount(svm.fixtures.splMint.devTokenAccount)
  if (!template.exists) throw new Error('fixture token account missing')
  const data = new Uint8Array(template.data)
  data.set(owner, 32) // owner
  new DataView(data.buffer).setBigUint64(64, amount, true) // amount (u64 LE)
  svm.svm.setAccount({
    address: deterministicKeypair(seed).address,
    lamports: template.lamports,
    programAddress: template.programAddress,
    executable: false,
    data,
    space: BigInt(data.length),
  })
}

beforeAll(async () => {
  svm = await startSolanaDevnet()
  net = svm.caipNetworkId
  proxy = await startRpcProxy(svm.rpcUrl)
  const m = svm.fixtures.splMint
  t = await startTestGateway('sqlite', {
    networks: [
      // An EVM network next to it: listed, never called by these tests.
      { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:9', multicall3: `0x${'ca11'.repeat(10)}` },
      {
        caipNetworkId: net,
        name: 'Local SVM',
        rpcUrl: proxy.url,
        tokens: [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }],
      },
      { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', rpcUrl: 'http://127.0.0.1:9' },
    ],
    prices: { usd: { [`${net}:native`]: 150, [`${net}:${m.mint}`]: 1 } },
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await proxy?.close()
  await svm?.stop()
})

describe('Solana balances against the local SVM', () => {
  it('uses the real SPL Token program id and checks public keys as SPEC §5 base58 of 32 bytes', () => {
    expect(SPL_TOKEN_PROGRAM_ID).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    expect(isSolanaPublicKey(svm.fixtures.devKeypairs[0]!.address)).toBe(true)
    expect(isSolanaPublicKey('11111111111111111111111111111111')).toBe(true) // system program: 32 zero bytes
    expect(isSolanaPublicKey('2'.repeat(32))).toBe(false) // base58 and 32 chars, but not 32 bytes
    expect(isSolanaPublicKey(`0${'1'.repeat(40)}`)).toBe(false) // 0 is not base58
  })

  it('GET /v1/supported-chains lists Solana networks after the EVM ones (through the core client)', async () => {
    expect(await api.getSupportedChains()).toEqual({
      http: ['eip155:31337', net, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      ws: [],
    })
  })

  it('balance: SOL + the configured SPL token, exact amounts, SPEC §3 fields, one RPC batch', async () => {
    const dev = svm.fixtures.devKeypairs[0]!
    const m = svm.fixtures.splMint
    proxy.reset()
    const { balances } = await api.getBalance({ address: dev.address, chainId: net })
    expect(Object.fromEntries(proxy.counts)).toEqual({ getBalance: 1, getTokenAccountsByOwner: 1 })
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: net,
        address: `${net}:${SOL_NATIVE_ADDRESS}`,
        value: 150_000,
        price: 150,
        priceSource: 'configured',
        quantity: { decimals: '9', numeric: '1000' },
      },
      {
        name: 'Portico USD',
        symbol: 'PUSD',
        chainId: net,
        address: `${net}:${m.mint}`,
        value: 1234.5,
        price: 1,
        priceSource: 'configured',
        quantity: { decimals: '6', numeric: '1234.5' },
      },
    ])
  })

  it('sums several token accounts of one mint exactly; an account with no tokens shows SOL only', async () => {
    const owner = svm.fixtures.devKeypairs[2]!
    addTokenAccount('server-test-ata-a', owner.publicKey, 1_500_001n)
    addTokenAccount('server-test-ata-b', owner.publicKey, 250_000n)
    const { balances } = await api.getBalance({ address: owner.address, chainId: net })
    expect(balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['SOL', '10'],
      ['PUSD', '1.750001'],
    ])
    const poor = deterministicKeypair('server-test-unfunded').address
    const none = await call(`${t.url}/v1/account/${poor}/balance?${q}&chainId=${net}`)
    expect(none).toMatchObject({ status: 200, body: { balances: [] } })
  })

  it('is cached on the gateway; forceUpdate bypasses the cache and shows an airdrop', async () => {
    const dev = svm.fixtures.devKeypairs[1]!
    const path = `${t.url}/v1/account/${dev.address}/balance?${q}&currency=usd&chainId=${net}`
    const first = await call(path)
    expect(first.status).toBe(200)
    expect(first.body.balances).toHaveLength(1)
    expect(first.body.balances[0].quantity.numeric).toBe('100')
    const airdrop = await call(svm.rpcUrl, {
      json: { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [dev.address, 2_500_000_000] },
    })
    expect(typeof airdrop.body.result).toBe('string')
    proxy.reset()
    const cached = await call(path)
    expect(proxy.counts.size).toBe(0)
    expect(cached.body).toEqual(first.body)
    const fresh = await call(`${path}&forceUpdate=true`)
    expect(Object.fromEntries(proxy.counts)).toEqual({ getBalance: 1, getTokenAccountsByOwner: 1 })
    expect(fresh.body.balances[0].quantity.numeric).toBe('102.5')
    expect(fresh.body.balances[0].value).toBe(15_375)
  })

  it('a CAIP-10 account or a bare address with no chainId reads the Solana networks only', async () => {
    const dev = svm.fixtures.devKeypairs[0]!
    const caip = await call(`${t.url}/v1/account/${net}:${dev.address}/balance?${q}`)
    expect(caip.status).toBe(200)
    expect(caip.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['SOL', 'PUSD'])
    // With no chainId every Solana network is read; the second one's RPC is down → 502, never an EVM call.
    const all = await call(`${t.url}/v1/account/${dev.address}/balance?${q}`)
    expect(all.status).toBe(502)
    expect(all.body.code).toBe('chain_unavailable')
  })

  it('rejects bad Solana input with 400 {code,message}; an unknown chain gets the EVM path’s unsupported_chain', async () => {
    const dev = svm.fixtures.devKeypairs[0]!.address
    const evm = `0x${'ab'.repeat(20)}`
    for (const bad of ['2'.repeat(32), `${dev}0`, 'I'.repeat(40), `${dev.slice(0, 30)}`]) {
      const r = await call(`${t.url}/v1/account/${bad}/balance?${q}&chainId=${net}`)
      expect(r.status, bad).toBe(400)
      expect(typeof r.body.code, bad).toBe('string')
      expect(typeof r.body.message, bad).toBe('string')
    }
    const wrongFamily = await call(`${t.url}/v1/account/${evm}/balance?${q}&chainId=${net}`)
    expect(wrongFamily.status).toBe(400)
    expect(wrongFamily.body.code).toBe('invalid_address')
    const solOnEvm = await call(`${t.url}/v1/account/${dev}/balance?${q}&chainId=eip155:31337`)
    expect(solOnEvm.body.code).toBe('invalid_address')
    const unknownSol = await call(`${t.url}/v1/account/${dev}/balance?${q}&chainId=solana:unknownRef`)
    const unknownEvm = await call(`${t.url}/v1/account/${evm}/balance?${q}&chainId=eip155:1`)
    expect(unknownSol.status).toBe(400)
    expect(unknownSol.body).toEqual({
      code: 'unsupported_chain',
      message: 'Network solana:unknownRef is not supported by this gateway',
    })
    expect(unknownEvm.body.code).toBe(unknownSol.body.code)
  })

  it('a Solana RPC that is down answers 502 chain_unavailable', async () => {
    const dev = svm.fixtures.devKeypairs[0]!.address
    const r = await call(
      `${t.url}/v1/account/${dev}/balance?${q}&chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`,
    )
    expect(r.status).toBe(502)
    expect(r.body.code).toBe('chain_unavailable')
  })

  it('POST /v1/fungible/price prices SOL and configured SPL tokens', async () => {
    const m = svm.fixtures.splMint
    const r = await api.fetchPrice({
      addresses: [
        `${net}:${m.mint}`,
        `${net}:native`,
        `${net}:${SOL_NATIVE_ADDRESS}`,
        `${net}:${'1'.repeat(32)}`,
      ],
    })
    expect(r.fungibles).toEqual([
      {
        name: 'Portico USD',
        symbol: 'PUSD',
        price: 1,
        address: `${net}:${m.mint}`,
        priceSource: 'configured',
      },
      { name: 'Solana', symbol: 'SOL', price: 150, address: `${net}:native`, priceSource: 'configured' },
      {
        name: 'Solana',
        symbol: 'SOL',
        price: 150,
        address: `${net}:${SOL_NATIVE_ADDRESS}`,
        priceSource: 'configured',
      },
    ])
  })

  it('`portico-server --devnet <devnet.json>` (the real bin) serves the local SVM recorded by portico-devnet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-devnet-state-'))
    const stateFile = join(dir, 'devnet.json')
    // What `portico-devnet start` writes for the solana service (no EVM service running here).
    const state = {
      startedAt: new Date().toISOString(),
      services: {
        solana: {
          pid: process.pid,
          rpcUrl: svm.rpcUrl,
          port: svm.port,
          genesisHash: svm.genesisHash,
          caipNetworkId: net,
          fixtures: solanaFixturesToJson(svm.fixtures),
        },
      },
    }
    writeFileSync(stateFile, JSON.stringify(state))
    try {
      const config = loadConfig(['--devnet'], { PORTICO_STATE_DIR: dir })
      expect(config.networks).toEqual([
        {
          caipNetworkId: net,
          name: 'Local SVM',
          rpcUrl: svm.rpcUrl,
          tokens: [{ mint: svm.fixtures.splMint.mint, symbol: 'PUSD', name: 'Portico USD', decimals: 6 }],
        },
      ])
      const server = await spawnServer(['--devnet', stateFile], {
        DATABASE_URL: 'sqlite::memory:',
        PORTICO_STATE_DIR: dir,
      })
      try {
        const client = new HttpBlockchainApi({ baseUrl: server.url, projectId: 'local' })
        expect(await client.getSupportedChains()).toEqual({ http: [net], ws: [] })
        const dev = svm.fixtures.devKeypairs[0]!.address
        const { balances } = await client.getBalance({ address: dev, chainId: net })
        // The demo price table is keyed by CAIP-10 and does not know this local SVM: no price, no value (never 0).
        expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.price, b.value])).toEqual([
          ['SOL', '1000', undefined, undefined],
          ['PUSD', '1234.5', undefined, undefined],
        ])
      } finally {
        server.child.kill('SIGTERM')
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
