import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type WebSocket, WebSocketServer } from 'ws'

/**
 * A WalletConnect v2 relay on loopback: enough of the `irn_*` protocol for real
 * `@walletconnect/sign-client` 2.25 clients (dApp and wallet) to pair, settle a
 * session, exchange requests and disconnect, with no hosted service.
 *
 * Protocol facts it honours (see LOCAL-WORLD.md): request ids above 2^53 are
 * echoed back byte-for-byte; messages are kept per topic until their TTL and
 * delivered to late subscribers; `wc_proposeSession` / `wc_approveSession`
 * (since 2.22) make the relay subscribe the sender and publish the payloads;
 * pushes carry an empty `attestation` so wallets never call the hosted verify
 * service; sockets are pinged so clients never see 35 s of silence.
 *
 * @example
 * const relay = await startWalletConnectRelay()
 * const client = await SignClient.init({ relayUrl: relay.url, projectId: 'local', telemetryEnabled: false })
 * // …
 * await relay.stop()
 */
export interface WalletConnectRelay {
  /** `ws://127.0.0.1:<port>` — pass it as `relayUrl`. */
  readonly url: string
  readonly port: number
  /** Open client sockets right now. */
  connectionCount(): number
  /** Every JSON-RPC method received so far, in order (for tests). */
  readonly methods: readonly string[]
  /** Topics holding unexpired messages right now. */
  storedTopicCount(): number
  stop(): Promise<void>
}

export interface WalletConnectRelayOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number
  /** Interval of WebSocket pings; clients drop a silent socket after 35 s. Default 10 s. */
  pingIntervalMs?: number
}

interface StoredMessage {
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  /** Client id (JWT `iss`) of the publisher: it never gets its own message back. */
  from: string
  /** Clients that acknowledged it (they never get it again). */
  acked: Set<string>
}

interface Client {
  id: string
  socket: WebSocket
  topics: Set<string>
  /** push id → [topic, message] awaiting the client's ack. */
  pending: Map<number, StoredMessage>
}

// wc_sessionPropose request / response and wc_sessionSettle request tags.
const TAG_PROPOSE = 1100
const TAG_PROPOSE_RESPONSE = 1101
const TAG_SETTLE = 1102
const DEFAULT_TTL_S = 300

/** Starts the relay on 127.0.0.1. */
export async function startWalletConnectRelay(
  options: WalletConnectRelayOptions = {},
): Promise<WalletConnectRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve)
    wss.once('error', reject)
  })
  const port = (wss.address() as { port: number }).port
  const topics = new Map<string, StoredMessage[]>()
  const clients = new Set<Client>()
  const methods: string[] = []
  let pushId = Date.now() * 1000

  const live = (topic: string): StoredMessage[] => {
    const now = Date.now()
    const list = (topics.get(topic) ?? []).filter((m) => m.expiresAt > now)
    if (list.length) topics.set(topic, list)
    else topics.delete(topic)
    return list
  }

  const push = (client: Client, topic: string, msg: StoredMessage): void => {
    if (msg.from === client.id || msg.acked.has(client.id)) return
    for (const m of client.pending.values()) if (m === msg) return
    const id = ++pushId
    client.pending.set(id, msg)
    const data = { topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag, attestation: '' }
    send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId(client, topic), data },
    })
  }

  const publish = (from: Client, topic: string, message: string, tag: number, ttlS: number): void => {
    const msg: StoredMessage = {
      message,
      publishedAt: Date.now(),
      tag,
      expiresAt: Date.now() + (ttlS || DEFAULT_TTL_S) * 1000,
      from: from.id,
      acked: new Set(),
    }
    topics.set(topic, [...live(topic), msg])
    for (const c of clients) if (c.topics.has(topic)) push(c, topic, msg)
  }

  const subscribe = (client: Client, topic: string): string => {
    client.topics.add(topic)
    // Deliver stored messages after the reply, so the client knows the topic first.
    queueMicrotask(() => {
      for (const m of live(topic)) if (client.topics.has(topic)) push(client, topic, m)
    })
    return subscriptionId(client, topic)
  }

  const handle = (client: Client, method: string, p: Record<string, unknown>): unknown => {
    const ttl = Number(p.ttl ?? DEFAULT_TTL_S)
    switch (method) {
      case 'irn_subscribe':
        return subscribe(client, String(p.topic))
      case 'irn_batchSubscribe':
        return (p.topics as string[]).map((t) => subscribe(client, t))
      case 'irn_unsubscribe':
        client.topics.delete(String(p.topic))
        return true
      case 'irn_batchUnsubscribe':
        for (const s of (p.subscriptions as { topic: string }[]) ?? []) client.topics.delete(s.topic)
        return true
      case 'irn_publish':
        publish(client, String(p.topic), String(p.message), Number(p.tag ?? 0), ttl)
        return true
      case 'irn_batchPublish':
        for (const m of (p.messages as Record<string, unknown>[]) ?? [])
          publish(client, String(m.topic), String(m.message), Number(m.tag ?? 0), Number(m.ttl ?? ttl))
        return true
      case 'irn_batchFetchMessages':
        // Stored messages are pushed on subscribe; nothing is left to fetch.
        return { messages: [], hasMore: false }
      case 'wc_proposeSession':
        subscribe(client, String(p.pairingTopic))
        publish(client, String(p.pairingTopic), String(p.sessionProposal), TAG_PROPOSE, ttl)
        return true
      case 'wc_approveSession':
        subscribe(client, String(p.sessionTopic))
        publish(client, String(p.pairingTopic), String(p.sessionProposalResponse), TAG_PROPOSE_RESPONSE, ttl)
        publish(client, String(p.sessionTopic), String(p.sessionSettlementRequest), TAG_SETTLE, ttl)
        return true
      default:
        throw new Error(`Unsupported method ${method}`)
    }
  }

  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const client: Client = { id: clientIdFrom(req), socket, topics: new Set(), pending: new Map() }
    clients.add(client)
    socket.on('close', () => clients.delete(client))
    socket.on('error', () => socket.terminate())
    socket.on('message', (raw) => {
      // Keep integer ids above 2^53 exact: quote them before parsing, unquote when replying.
      const text = raw.toString().replace(/"id":(\d{16,})/g, '"id":"$1"')
      let frame: { id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown }
      try {
        frame = JSON.parse(text)
      } catch {
        return
      }
      if (!frame.method) {
        // An ack of one of our pushes.
        const msg = client.pending.get(Number(frame.id))
        client.pending.delete(Number(frame.id))
        msg?.acked.add(client.id)
        return
      }
      methods.push(frame.method)
      try {
        const result = handle(client, frame.method, frame.params ?? {})
        send(client, { id: frame.id, jsonrpc: '2.0', result })
      } catch (e) {
        send(client, { id: frame.id, jsonrpc: '2.0', error: { code: -32601, message: (e as Error).message } })
      }
    })
  })

  const ping = setInterval(() => {
    for (const c of clients) if (c.socket.readyState === c.socket.OPEN) c.socket.ping()
    for (const topic of [...topics.keys()]) live(topic) // drop expired messages
  }, options.pingIntervalMs ?? 10_000)
  ping.unref()

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    methods,
    connectionCount: () => clients.size,
    storedTopicCount: () => topics.size,
    stop: async () => {
      clearInterval(ping)
      for (const c of clients) c.socket.terminate()
      clients.clear()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}

function send(client: Client, frame: { id?: string | number } & Record<string, unknown>): void {
  if (client.socket.readyState !== client.socket.OPEN) return
  const id = frame.id
  let text = JSON.stringify({ ...frame, id: typeof id === 'string' ? '__ID__' : id })
  if (typeof id === 'string') text = text.replace('"__ID__"', /^\d+$/.test(id) ? id : JSON.stringify(id))
  client.socket.send(text)
}

function subscriptionId(client: Client, topic: string): string {
  return createHash('sha256')
    .update(topic + client.id)
    .digest('hex')
}

/** The client's identity is the `iss` (did:key) of its auth JWT; any JWT is accepted. */
function clientIdFrom(req: IncomingMessage): string {
  const auth = new URL(req.url ?? '/', 'ws://127.0.0.1').searchParams.get('auth') ?? ''
  try {
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8'))
    if (typeof payload.iss === 'string') return payload.iss
  } catch {
    // fall through: an anonymous client
  }
  return `anon:${randomBytes(8).toString('hex')}`
}
