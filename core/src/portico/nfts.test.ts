import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../api/test-helpers/server.js'
import type { NftItem } from '../contracts/index.js'
import { AddressOrAuthConnectorNotFoundError, GatewayResponseInvalidError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'
import { createPortico } from './index.js'

const ADDRESS = '0xabc0000000000000000000000000000000000001'
const NFTS_PATH = `GET /v1/account/${ADDRESS}/nfts`
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(() => server.reset())

const nft = (
  tokenId: string,
  image = `${server.url}/v1/nft-image/eip155:1/${CONTRACT}/${tokenId}`,
): NftItem => ({
  chainId: 'eip155:1',
  contract: CONTRACT,
  standard: 'erc721',
  tokenId,
  amount: '1',
  collection: { name: 'Portico Pass', symbol: 'PASS' },
  metadata: { status: 'ok', name: `Pass #${tokenId}`, description: 'A pass', image },
  flags: { is_spam: false },
})

function setup() {
  return createPortico({
    adapters: [createFakeAdapter()],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    apiUrl: server.url,
    projectId: 'local',
  })
}

describe('getNfts: the connected account’s NFTs from the gateway', () => {
  it('asks GET /v1/account/{address}/nfts with the active chainId and pages with the next cursor', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(NFTS_PATH, (req) =>
      req.query.cursor === 'c2'
        ? { body: { data: [nft('2')], next: null } }
        : { body: { data: [nft('1')], next: 'c2' } },
    )
    const portico = setup()
    await portico.connect('fake.wallet')
    const first = await portico.getNfts()
    expect(first).toEqual({ data: [nft('1')], next: 'c2' })
    expect(await portico.getNfts({ cursor: 'c2' })).toEqual({ data: [nft('2')], next: null })
    const asked = server.requests.filter((r) => `${r.method} ${r.path}` === NFTS_PATH)
    expect(asked[0]?.query).toMatchObject({ chainId: 'eip155:1', projectId: 'local' })
    portico.destroy()
  })

  it('refuses an answer whose image link is not on the gateway (GatewayResponseInvalidError naming the field)', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(NFTS_PATH, { body: { data: [nft('1', 'http://127.0.0.1:1/evil.svg')], next: null } })
    const portico = setup()
    await portico.connect('fake.wallet')
    const error = await portico.getNfts().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayResponseInvalidError)
    expect((error as GatewayResponseInvalidError).details).toBe('nfts: data[0].metadata.image')
    portico.destroy()
  })

  it('refuses a malformed item (missing tokenId) rather than showing half a page', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    const { tokenId: _, ...broken } = nft('1')
    server.on(NFTS_PATH, { body: { data: [broken], next: null } })
    const portico = setup()
    await portico.connect('fake.wallet')
    await expect(portico.getNfts()).rejects.toBeInstanceOf(GatewayResponseInvalidError)
    portico.destroy()
  })

  it('rejects with AddressOrAuthConnectorNotFoundError when nothing is connected', async () => {
    const portico = setup()
    await expect(portico.getNfts()).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError)
    portico.destroy()
  })
})
