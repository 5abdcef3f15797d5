import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

// A node stand-in over real HTTP that answers the two reads and counts them; the frame's
// decoding against a real runtime (chopsticks) is signer/src/polkadot-devnet.test.ts.
const CHAIN = `polkadot:${'45'.repeat(16)}`
const BLOCK = `0x${'ab'.repeat(32)}`
let node: Server
const asked: { method: string; params: unknown[] }[] = []
let t: TestGateway
let signer: string

beforeAll(async () => {
  node = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body)
      asked.push({ method, params })
      const result =
        method === 'state_getRuntimeVersion'
          ? { specVersion: params.length ? 900 : 901 }
          : `0x6d657461${params.length ? '0e' : '0f'}`
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    })
  })
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', () => r()))
  const rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
  t = await startTestGateway('sqlite', {
    projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
    networks: [
      {
        caipNetworkId: CHAIN,
        rpcUrl,
        ss58Prefix: 2,
        nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
      },
    ],
    embeddedWallet: {
      secret: 'metadata-secret-metadata-secret-1',
      signerPort: 0,
      smtp: { host: '127.0.0.1', port: 2525, from: 'login@portico.test' },
    },
  })
  signer = t.gateway.signerUrl() as string
})

afterAll(async () => {
  await t?.close()
  await new Promise((r) => node?.close(r))
})

const get = (q: string) => call(`${signer}/polkadot/metadata?${q}`)

describe('GET /polkadot/metadata on the signer origin (issue 29: the Polkadot card decodes with the runtime’s metadata)', () => {
  it('answers the metadata of the runtime asked, read at the payload’s block, and keeps it by chain and spec version', async () => {
    const first = await get(`chainId=${CHAIN}&specVersion=900&blockHash=${BLOCK}`)
    expect(first, JSON.stringify(first.body)).toMatchObject({
      status: 200,
      body: { specVersion: 900, metadata: '0x6d6574610e' },
    })
    expect(asked).toEqual([
      { method: 'state_getRuntimeVersion', params: [BLOCK] },
      { method: 'state_getMetadata', params: [BLOCK] },
    ])
    await get(`chainId=${CHAIN}&specVersion=900&blockHash=${BLOCK}`)
    expect(asked).toHaveLength(2)
  })

  it('reads at the head when the payload’s block runs another runtime (an immortal payload names the genesis)', async () => {
    asked.length = 0
    const head = await get(`chainId=${CHAIN}&specVersion=901&blockHash=${BLOCK}`)
    expect(head).toMatchObject({ status: 200, body: { specVersion: 901, metadata: '0x6d6574610f' } })
    expect(asked.map((a) => [a.method, a.params.length])).toEqual([
      ['state_getRuntimeVersion', 1],
      ['state_getRuntimeVersion', 0],
      ['state_getMetadata', 0],
    ])
  })

  it('refuses a runtime the node does not run, a network the gateway is not configured with, and a malformed query', async () => {
    const runtime = await get(`chainId=${CHAIN}&specVersion=7&blockHash=${BLOCK}`)
    expect(runtime.status).toBe(404)
    expect(runtime.body.code).toBe('unknown_runtime')
    asked.length = 0
    const other = await get(`chainId=polkadot:${'91'.repeat(16)}&specVersion=900&blockHash=${BLOCK}`)
    expect(other.status).toBe(404)
    expect(other.body.code).toBe('unknown_network')
    expect(asked).toEqual([])
    for (const q of [
      `chainId=eip155:1&specVersion=900&blockHash=${BLOCK}`,
      `chainId=${CHAIN}&specVersion=-1&blockHash=${BLOCK}`,
      `chainId=${CHAIN}&specVersion=900&blockHash=0x12`,
    ])
      expect((await get(q)).status).toBe(400)
  })
})
