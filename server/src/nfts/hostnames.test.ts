// NFT metadata and images by host name: the listed origin is a name (as in
// production), resolved by an injected test resolver to a loopback server.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadImage, loadMetadata, type NftFetchOptions, NftUnavailableError } from './metadata.js'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
let server: Server
let port: number
const hits: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/1.json')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'One', image: `http://nft.test.example:${port}/1.png` }))
    if (req.url === '/1.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const resolve = async (name: string) => {
  if (name === 'nft.test.example') return [{ address: '127.0.0.1', family: 4 }]
  if (name === 'inside.test.example') return [{ address: '10.0.0.7', family: 4 }]
  throw new Error(`ENOTFOUND ${name}`)
}
const options = (): NftFetchOptions => ({
  origins: [`http://nft.test.example:${port}`, `http://inside.test.example:${port}`],
  maxMetadataBytes: 64 * 1024,
  maxImageBytes: 64 * 1024,
  timeoutMs: 3000,
  allowLoopback: true,
  resolve,
})

describe('NFT metadata and images on a listed host name', () => {
  it('metadata and its image are read by host name', async () => {
    const meta = await loadMetadata(`http://nft.test.example:${port}/1.json`, options())
    expect(meta).toEqual({ name: 'One', description: null, image: `http://nft.test.example:${port}/1.png` })
    const image = await loadImage(meta.image!, options())
    expect([image.contentType, image.body.equals(PNG)]).toEqual(['image/png', true])
  })

  it('a listed name that resolves to a private address is refused (fetch_failed: forbidden_address); nothing reaches the server', async () => {
    hits.length = 0
    const error = await loadMetadata(`http://inside.test.example:${port}/1.json`, options()).catch((e) => e)
    expect(error).toBeInstanceOf(NftUnavailableError)
    expect([error.reason, error.message]).toEqual([
      'fetch_failed',
      expect.stringContaining('forbidden_address'),
    ])
    expect(hits).toEqual([])
  })
})
