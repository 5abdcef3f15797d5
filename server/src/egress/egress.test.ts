import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedIpv4, isPublicAddress } from './address-policy.js'
import { EgressError, safeFetch } from './safe-fetch.js'

describe('egress address policy', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and reserved targets in IPv4 and IPv6', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
    ])
      expect(isPublicAddress(a), a).toBe(false)
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888'])
      expect(isPublicAddress(a), a).toBe(true)
  })

  it('unwraps IPv4 inside IPv6 (mapped, NAT64, 6to4) and checks it as IPv4', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(embeddedIpv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254')
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1')
    expect(embeddedIpv4('2002:c0a8:101::1')).toBe('192.168.1.1')
    for (const a of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
    ])
      expect(isPublicAddress(a), a).toBe(false)
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true)
  })

  it('the test-only loopback allowance opens loopback only', () => {
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true)
    expect(isPublicAddress('::ffff:127.0.0.1', { allowLoopback: true })).toBe(true)
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false)
    expect(isPublicAddress('169.254.169.254', { allowLoopback: true })).toBe(false)
  })
})

describe('safeFetch against a real loopback HTTP server', () => {
  let server: Server
  let base: string
  const hits: string[] = []
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex')
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '')
      if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'image/png' })
        // No Content-Length: the limit must hold while reading.
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024))
        return res.end()
      }
      if (req.url === '/to-metadata')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
      if (req.url === '/to-png') return res.writeHead(302, { location: '/a.png' }).end()
      if (req.url === '/hang') return // never answers
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const opts = { maxBytes: 1024 * 1024, timeoutMs: 1500, accept: ['image/png'] }
  const code = async (p: Promise<unknown>) => {
    try {
      await p
      return 'ok'
    } catch (error) {
      expect(error).toBeInstanceOf(EgressError)
      return (error as EgressError).code
    }
  }

  it('refuses loopback by IP literal, by name (after DNS), and as IPv4-mapped IPv6; the server sees nothing', async () => {
    const port = new URL(base).port
    hits.length = 0
    expect(await code(safeFetch(`${base}/a.png`, opts))).toBe('forbidden_address')
    expect(await code(safeFetch(`http://localhost:${port}/a.png`, opts))).toBe('forbidden_address')
    expect(await code(safeFetch(`http://[::ffff:127.0.0.1]:${port}/a.png`, opts))).toBe('forbidden_address')
    expect(await code(safeFetch('http://169.254.169.254/latest/meta-data/', opts))).toBe('forbidden_address')
    expect(await code(safeFetch('file:///etc/passwd', opts))).toBe('forbidden_scheme')
    expect(await code(safeFetch(`http://user:pw@127.0.0.1:${port}/a.png`, opts))).toBe('invalid_url')
    expect(hits).toEqual([])
  })

  it('with the test-only loopback allowance: fetches an image, follows a same-host redirect', async () => {
    const r = await safeFetch(`${base}/a.png`, { ...opts, allowLoopback: true })
    expect([r.status, r.contentType, r.body.equals(PNG)]).toEqual([200, 'image/png', true])
    expect((await safeFetch(`${base}/to-png`, { ...opts, allowLoopback: true })).body.equals(PNG)).toBe(true)
  })

  it('re-checks every redirect, limits size, time and content type', async () => {
    const o = { ...opts, allowLoopback: true }
    expect(await code(safeFetch(`${base}/to-metadata`, o))).toBe('forbidden_address')
    expect(await code(safeFetch(`${base}/big`, o))).toBe('too_large')
    expect(await code(safeFetch(`${base}/page`, o))).toBe('bad_content_type')
    const started = Date.now()
    expect(await code(safeFetch(`${base}/hang`, { ...o, timeoutMs: 300 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1500)
  })
})

describe('safeFetch by host name (Node ≥ 20 asks DNS for every address)', () => {
  let server: Server
  let port: number
  const seen: { host: string | undefined; remote: string | undefined }[] = []
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex')
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ host: req.headers.host, remote: req.socket.remoteAddress })
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  // The injected resolver stands in for DNS: names → the addresses a zone would answer.
  const zone: Record<string, { address: string; family: number }[]> = {
    'avatars.test.example': [{ address: '127.0.0.1', family: 4 }],
    'dual.test.example': [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ],
    'metadata.test.example': [{ address: '169.254.169.254', family: 4 }],
    'mixed.test.example': [
      { address: '127.0.0.1', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ],
  }
  const resolve = async (name: string) => {
    const found = zone[name]
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    return found
  }
  const opts = { maxBytes: 1 << 20, timeoutMs: 3000, accept: ['image/png'], resolve }
  const code = async (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (error) => (error instanceof EgressError ? error.code : `not an EgressError: ${error}`),
    )

  it('fetches by host name, connecting to the address the policy checked (Host header kept)', async () => {
    seen.length = 0
    const r = await safeFetch(`http://avatars.test.example:${port}/a.png`, { ...opts, allowLoopback: true })
    expect([r.status, r.body.equals(PNG)]).toEqual([200, true])
    expect(seen).toEqual([{ host: `avatars.test.example:${port}`, remote: '127.0.0.1' }])
  })

  it('a name with several allowed addresses is fetched (the list Node asks for is answered)', async () => {
    const r = await safeFetch(`http://dual.test.example:${port}/a.png`, { ...opts, allowLoopback: true })
    expect(r.status).toBe(200)
  })

  it('the system resolver works by name too (localhost, with the test-only loopback allowance)', async () => {
    const { resolve: _injected, ...system } = opts
    const r = await safeFetch(`http://localhost:${port}/a.png`, { ...system, allowLoopback: true })
    expect(r.status).toBe(200)
  })

  it('a name resolving to a refused address is refused before any connection; one bad answer refuses the name', async () => {
    seen.length = 0
    expect(await code(safeFetch(`http://avatars.test.example:${port}/a.png`, opts))).toBe('forbidden_address')
    expect(
      await code(safeFetch(`http://metadata.test.example:${port}/a.png`, { ...opts, allowLoopback: true })),
    ).toBe('forbidden_address')
    expect(
      await code(safeFetch(`http://mixed.test.example:${port}/a.png`, { ...opts, allowLoopback: true })),
    ).toBe('forbidden_address')
    expect(seen).toEqual([])
  })

  it('a name that does not resolve fails as dns_failed', async () => {
    expect(await code(safeFetch(`http://nowhere.test.example:${port}/a.png`, opts))).toBe('dns_failed')
  })
})
