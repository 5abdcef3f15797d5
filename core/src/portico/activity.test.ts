import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../api/test-helpers/server.js'
import type { HistoryItem, PorticoOptions } from '../contracts/index.js'
import { AddressOrAuthConnectorNotFoundError, PorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { createPortico } from './index.js'

const ADDRESS = '0xabc0000000000000000000000000000000000001'
const HISTORY_PATH = `GET /v1/account/${ADDRESS}/history`

const item = (n: number): HistoryItem => ({
  id: `tx-${n}`,
  metadata: {
    minedAt: '2026-11-21T12:00:00.000Z',
    chain: 'eip155:1',
    hash: `0x${String(n).padStart(64, '0')}`,
    sentFrom: ADDRESS,
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    status: 'confirmed',
    operationType: 'send',
  },
  transfers: [
    { direction: 'out', quantity: { numeric: '0.01' }, fungible_info: { name: 'Ether', symbol: 'ETH' } },
  ],
})

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(() => server.reset())

function setup(extra: PorticoOptions = {}) {
  return createPortico({
    adapters: [createFakeAdapter()],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    apiUrl: server.url,
    projectId: 'local',
    ...extra,
  })
}

describe('getActivity: the connected account’s history from the gateway (SPEC §3, §7)', () => {
  it('asks GET /v1/account/{address}/history with the active chainId and st/sv/projectId, and pages with the next cursor', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(HISTORY_PATH, (req) =>
      req.query.cursor === 'page-2'
        ? { body: { data: [item(2)], next: null } }
        : { body: { data: [item(1)], next: 'page-2' } },
    )
    const portico = setup()
    await portico.connect('fake.wallet')
    const first = await portico.getActivity!()
    expect(first).toEqual({ data: [item(1)], next: 'page-2' })
    const second = await portico.getActivity!({ cursor: first.next! })
    expect(second).toEqual({ data: [item(2)], next: null })
    const calls = server.requests.filter((r) => r.path === `/v1/account/${ADDRESS}/history`)
    expect(calls).toHaveLength(2)
    expect(calls[0]!.query).toMatchObject({ chainId: 'eip155:1', projectId: 'local', st: 'portico' })
    expect(calls[0]!.query.cursor).toBeUndefined()
    expect(calls[1]!.query.cursor).toBe('page-2')
    portico.destroy()
  })

  it('history parameters a plugin sets (setActivityQuery: onramp=all) go with every call; an explicit one wins; without one no onramp is sent', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(HISTORY_PATH, { body: { data: [], next: null } })
    const plain = setup()
    await plain.connect('fake.wallet')
    await plain.getActivity()
    plain.destroy()
    const portico = setup({
      plugins: [{ id: 'buy', setup: (ctx) => ctx.setActivityQuery?.({ onramp: 'all' }) }],
    })
    await portico.ready
    await portico.connect('fake.wallet')
    await portico.getActivity()
    await portico.getActivity({ onramp: 'sandbox' })
    const calls = server.requests.filter((r) => r.path === `/v1/account/${ADDRESS}/history`)
    expect(calls.map((c) => c.query.onramp)).toEqual([undefined, 'all', 'sandbox'])
    portico.destroy()
  })

  it('an onramp parameter that is not "all" or a provider id is refused with a typed error before any call', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(HISTORY_PATH, { body: { data: [], next: null } })
    let refused: unknown
    const portico = setup({
      plugins: [
        {
          id: 'bad',
          setup: (ctx) => {
            try {
              ctx.setActivityQuery?.({ onramp: '../admin' })
            } catch (error) {
              refused = error
            }
          },
        },
      ],
    })
    await portico.ready
    expect(refused).toMatchObject({ code: 'INVALID_ACTIVITY_QUERY' })
    await portico.connect('fake.wallet')
    await expect(portico.getActivity({ onramp: 'a b' })).rejects.toMatchObject({
      code: 'INVALID_ACTIVITY_QUERY',
      message: expect.stringContaining('onramp must be "all" or a provider id'),
    })
    await portico.getActivity()
    const calls = server.requests.filter((r) => r.path === `/v1/account/${ADDRESS}/history`)
    expect(calls.map((c) => c.query.onramp)).toEqual([undefined])
    portico.destroy()
  })

  it('a gateway error rejects with "HTTP status code: 500" (SPEC §8)', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(HISTORY_PATH, { status: 500, body: { code: 'internal', message: 'boom' } })
    const portico = setup()
    await portico.connect('fake.wallet')
    await expect(portico.getActivity!()).rejects.toMatchObject({
      shortMessage: expect.stringContaining('HTTP status code: 500'),
    })
    portico.destroy()
  })

  it('without apiUrl it rejects with code API_NOT_CONFIGURED and makes no request', async () => {
    const portico = setup({ apiUrl: undefined })
    await portico.connect('fake.wallet')
    const error = await portico.getActivity!().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).code).toBe('API_NOT_CONFIGURED')
    expect(server.requests).toHaveLength(0)
    portico.destroy()
  })

  it('with nothing connected it rejects with "Address or auth connector not found"', async () => {
    const portico = setup()
    await expect(portico.getActivity!()).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
    expect(server.requests.filter((r) => r.path.endsWith('/history'))).toHaveLength(0)
    portico.destroy()
  })
})
