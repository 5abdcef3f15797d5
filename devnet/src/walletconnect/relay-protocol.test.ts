import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js'

// A raw irn client: what a sign-client sends, frame by frame.
function jwt(iss: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss, sub: 'x', aud: 'ws://127.0.0.1', iat: 0, exp: 1 })}.sig`
}

async function connect(relay: WalletConnectRelay, iss: string) {
  const socket = new WebSocket(`${relay.url}?auth=${jwt(iss)}&projectId=local`)
  const frames: string[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (raw) => {
    frames.push(raw.toString())
    for (const w of waiters.splice(0)) w()
  })
  await new Promise((r) => socket.once('open', r))
  const next = async (match: (f: string) => boolean): Promise<string> => {
    for (;;) {
      const hit = frames.find(match)
      if (hit) {
        frames.splice(frames.indexOf(hit), 1)
        return hit
      }
      await new Promise<void>((r) => waiters.push(r))
    }
  }
  return { socket, next, send: (text: string) => socket.send(text) }
}

describe('relay protocol (raw frames)', () => {
  let relay: WalletConnectRelay
  beforeAll(async () => {
    relay = await startWalletConnectRelay({ pingIntervalMs: 50 })
  })
  afterAll(async () => {
    await relay.stop()
  })

  it('echoes request ids above 2^53 unchanged', async () => {
    const a = await connect(relay, 'did:key:a')
    const id = '1732000000000000123456'
    a.send(`{"id":${id},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t1"}}`)
    const reply = await a.next((f) => f.includes(id))
    expect(reply).toContain(`"id":${id},`)
    expect(JSON.parse(reply).result).toMatch(/^[0-9a-f]{64}$/)
    a.socket.close()
  })

  it('keeps a message until TTL and delivers it to a late subscriber, with an empty attestation; acks stop redelivery', async () => {
    const a = await connect(relay, 'did:key:pub')
    a.send(
      '{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"late","message":"m1","ttl":300,"tag":1108}}',
    )
    expect(JSON.parse(await a.next((f) => f.includes('"id":1,'))).result).toBe(true)

    const b = await connect(relay, 'did:key:sub')
    b.send('{"id":2,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"late"}}')
    await b.next((f) => f.includes('"id":2,'))
    const push = JSON.parse(await b.next((f) => f.includes('irn_subscription')))
    expect(push.params.data).toMatchObject({ topic: 'late', message: 'm1', tag: 1108, attestation: '' })
    b.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
    b.socket.close()

    // The same client (same JWT iss) reconnects: nothing is redelivered after the ack.
    const b2 = await connect(relay, 'did:key:sub')
    b2.send('{"id":3,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"late"}}')
    await b2.next((f) => f.includes('"id":3,'))
    await new Promise((r) => setTimeout(r, 50))
    b2.send('{"id":4,"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"late","id":"x"}}')
    await b2.next((f) => f.includes('"id":4,'))
    b2.socket.close()
    a.socket.close()
  })

  it('wc_approveSession subscribes the sender and publishes the response and the settle request', async () => {
    const dapp = await connect(relay, 'did:key:dapp')
    const wallet = await connect(relay, 'did:key:wallet')
    dapp.send('{"id":5,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"pairing"}}')
    await dapp.next((f) => f.includes('"id":5,'))
    wallet.send(
      JSON.stringify({
        id: 6,
        jsonrpc: '2.0',
        method: 'wc_approveSession',
        params: {
          sessionTopic: 'session',
          pairingTopic: 'pairing',
          sessionProposalResponse: 'resp',
          sessionSettlementRequest: 'settle',
          ttl: 300,
        },
      }),
    )
    await wallet.next((f) => f.includes('"id":6,'))
    expect(JSON.parse(await dapp.next((f) => f.includes('"resp"'))).params.data.tag).toBe(1101)
    // The dApp subscribes to the session topic only after reading the response: the settle request waits.
    dapp.send('{"id":7,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"session"}}')
    expect(JSON.parse(await dapp.next((f) => f.includes('"settle"'))).params.data.tag).toBe(1102)
    // The wallet publishing on the session topic reaches the dApp, never itself.
    wallet.send(
      '{"id":8,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"session","message":"req","ttl":300,"tag":1108}}',
    )
    await dapp.next((f) => f.includes('"req"'))
    dapp.socket.close()
    wallet.socket.close()
  })

  it('drops messages after their TTL', async () => {
    const a = await connect(relay, 'did:key:ttl')
    a.send(
      '{"id":11,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"short","message":"m","ttl":0.05,"tag":1}}',
    )
    await a.next((f) => f.includes('"id":11,'))
    const before = relay.storedTopicCount()
    await new Promise((r) => setTimeout(r, 120)) // TTL 50 ms, swept on the 50 ms ping tick
    expect(relay.storedTopicCount()).toBeLessThan(before)
    const b = await connect(relay, 'did:key:late-ttl')
    b.send('{"id":12,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"short"}}')
    await b.next((f) => f.includes('"id":12,'))
    await new Promise((r) => setTimeout(r, 30))
    b.send('{"id":13,"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"short","id":"x"}}')
    const next = await b.next((f) => f.includes('irn_subscription') || f.includes('"id":13,'))
    expect(next).toContain('"id":13,') // nothing was delivered before the unsubscribe answer
    a.socket.close()
    b.socket.close()
  })

  it('pings open sockets', async () => {
    const a = await connect(relay, 'did:key:ping')
    await new Promise((r) => a.socket.once('ping', r))
    a.socket.close()
  })

  it('answers an unknown method with a JSON-RPC error', async () => {
    const a = await connect(relay, 'did:key:err')
    a.send('{"id":9,"jsonrpc":"2.0","method":"irn_nope","params":{}}')
    expect(JSON.parse(await a.next((f) => f.includes('"id":9,'))).error.code).toBe(-32601)
    a.socket.close()
  })
})
