import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  isAddress,
  type PublicClient,
  parseEther,
  parseUnits,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { ANVIL_MNEMONIC } from '../evm/accounts.js'
import type { TokenFixture } from '../evm/fixtures.js'

/** The password of every sandbox exchange login: a simulated exchange, not a real account. */
export const EXCHANGE_SANDBOX_PASSWORD = 'devnet'
/** Chain ids the sandbox exchange pays on: anvil and hardhat devnets only. */
export const EXCHANGE_SANDBOX_CHAIN_IDS: readonly number[] = [1337, 31337, 31338]
/** ETH the treasury holds on each chain after start. */
const TREASURY_ETH = '1000'
/** Each token's amount moved to the treasury on start. */
const TREASURY_TOKENS = '100000'
const SESSION_MS = 30 * 60_000

export interface ExchangeSandboxOptions {
  /** The devnet chains to pay on; each must be a devnet chain id on a loopback RPC URL. */
  chains: readonly { chainId: number; rpcUrl: string }[]
  /** The devnet's ERC-20 fixtures (the same addresses on each chain). */
  tokens: readonly TokenFixture[]
  /** A dev key holding the tokens, which funds the treasury with them on start. */
  funderKey: Hex
  /** Loopback port (0: any free one). */
  port?: number
}

/** A running sandbox exchange. */
export interface ExchangeSandbox {
  /** Base URL, `http://127.0.0.1:<port>`; the API is under `/v1/exchange`. */
  url: string
  /** The treasury every payment is sent from. */
  treasury: Address
  close(): Promise<void>
}

interface Session {
  user: string
  expires: number
  /** reference → the payment made under it: a retried "pay" never sends twice. */
  payments: Map<string, Promise<Record<string, unknown>>>
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const isLoopbackUrl = (url: string) => {
  try {
    const h = new URL(url).hostname
    return h === '127.0.0.1' || h === 'localhost' || h === '[::1]'
  } catch {
    return false
  }
}

/**
 * A simulated exchange for the devnet's "Pay from an exchange": a visitor logs in (any name, the
 * password `devnet`), and "pay" sends the asked amount from the exchange's own treasury to the
 * recipient on a devnet chain, answering once the transfer is mined. Its treasury is a key of its
 * own (anvil mnemonic index 20), funded on start with ETH (`anvil_setBalance`) and the fixture
 * tokens (a transfer from `funderKey`). It refuses any chain that is not a devnet on loopback, at
 * start and per request. CORS is open (`*`): it holds no cookies, only bearer session tokens.
 *
 * @example
 * const exchange = await startExchangeSandbox({ chains: devnet.chains, tokens: devnet.fixtures.tokens, funderKey })
 */
export async function startExchangeSandbox(options: ExchangeSandboxOptions): Promise<ExchangeSandbox> {
  for (const c of options.chains) {
    if (!EXCHANGE_SANDBOX_CHAIN_IDS.includes(c.chainId) || !isLoopbackUrl(c.rpcUrl))
      throw new Error(
        `the sandbox exchange pays on devnets only (chain ids ${EXCHANGE_SANDBOX_CHAIN_IDS.join(', ')} on a loopback RPC); refused chain ${c.chainId} at ${new URL(c.rpcUrl).host}`,
      )
  }
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 20 }).getHdKey().privateKey
  if (!key) throw new Error('treasury key derivation failed')
  const treasury = privateKeyToAccount(`0x${Buffer.from(key).toString('hex')}`)
  const chains = new Map<
    string,
    { chainId: number; wallet: WalletClient; reader: PublicClient; queue: Promise<unknown> }
  >()
  for (const c of options.chains) {
    const chain = defineChain({
      id: c.chainId,
      name: `devnet ${c.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    })
    const reader = createPublicClient({ chain, transport: http(c.rpcUrl), pollingInterval: 100 })
    const wallet = createWalletClient({ account: treasury, chain, transport: http(c.rpcUrl) })
    chains.set(`eip155:${c.chainId}`, { chainId: c.chainId, wallet, reader, queue: Promise.resolve() })
    await fund(c.rpcUrl, chain, reader as PublicClient, treasury.address, options)
  }

  const sessions = new Map<string, Session>()
  const assetOf = (asset: string) => {
    if (asset === 'native') return { symbol: 'ETH', decimals: 18, address: undefined }
    const t = options.tokens.find(
      (tk) =>
        tk.address.toLowerCase() === asset.toLowerCase() || tk.symbol.toLowerCase() === asset.toLowerCase(),
    )
    if (!t) throw new HttpRefusal(400, 'unknown_asset', `The sandbox exchange holds no ${asset}`)
    return { symbol: t.symbol, decimals: t.decimals, address: t.address }
  }

  const pay = async (body: Record<string, unknown>) => {
    const { network, recipient, asset, amount } = body
    const chain = typeof network === 'string' ? chains.get(network) : undefined
    if (!chain)
      throw new HttpRefusal(
        400,
        'network_not_supported',
        `The sandbox exchange pays on devnet networks only: ${[...chains.keys()].join(', ')}`,
      )
    if (typeof recipient !== 'string' || !isAddress(recipient, { strict: false }))
      throw new HttpRefusal(400, 'invalid_recipient', 'recipient must be an EVM address')
    if (typeof asset !== 'string') throw new HttpRefusal(400, 'unknown_asset', 'asset is required')
    const a = assetOf(asset)
    if (typeof amount !== 'string' || !/^[0-9]{1,30}(\.[0-9]{1,36})?$/.test(amount))
      throw new HttpRefusal(400, 'invalid_amount', 'amount must be a decimal string')
    if ((amount.split('.')[1] ?? '').length > a.decimals)
      throw new HttpRefusal(400, 'invalid_amount', `${a.symbol} has ${a.decimals} decimals`)
    const value = parseUnits(amount, a.decimals)
    if (value <= 0n) throw new HttpRefusal(400, 'invalid_amount', 'amount must be more than 0')
    // One send at a time per chain: the treasury's nonces stay in order.
    const send = chain.queue.then(async () => {
      const hash = a.address
        ? await chain.wallet.writeContract({
            address: a.address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient as Address, value],
            account: treasury,
            chain: chain.wallet.chain,
          })
        : await chain.wallet.sendTransaction({
            to: recipient as Address,
            value,
            account: treasury,
            chain: chain.wallet.chain,
          })
      const receipt = await chain.reader.waitForTransactionReceipt({ hash })
      return { hash, status: receipt.status }
    })
    chain.queue = send.catch(() => undefined) // the next send waits for this one, failed or not
    const sent = await send
    return {
      id: `xpay_${randomBytes(8).toString('hex')}`,
      network,
      from: treasury.address,
      recipient: recipient.toLowerCase(),
      asset: a.address?.toLowerCase() ?? 'native',
      symbol: a.symbol,
      amount: formatUnits(value, a.decimals),
      txHash: sent.hash,
      status: sent.status === 'success' ? 'sent' : 'failed',
    }
  }

  const session = (req: IncomingMessage): Session => {
    const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '')?.[1]
    const s = token ? sessions.get(token) : undefined
    if (!s || s.expires < Date.now())
      throw new HttpRefusal(401, 'not_logged_in', 'Log in to the sandbox exchange first')
    return s
  }

  const route = async (req: IncomingMessage): Promise<[number, unknown]> => {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'GET' && path === '/v1/exchange')
      return [
        200,
        {
          name: 'Devnet Exchange (sandbox)',
          networks: [...chains.keys()],
          assets: ['native', ...options.tokens.map((t) => t.symbol)],
        },
      ]
    if (req.method === 'POST' && path === '/v1/exchange/sessions') {
      const body = await readJson(req)
      const user = body.username
      if (typeof user !== 'string' || !/^[A-Za-z0-9_.@-]{1,64}$/.test(user))
        throw new HttpRefusal(400, 'invalid_username', 'username: 1 to 64 letters, digits or _.@-')
      if (body.password !== EXCHANGE_SANDBOX_PASSWORD)
        throw new HttpRefusal(401, 'invalid_credentials', 'Wrong username or password')
      const token = randomBytes(24).toString('base64url')
      const expires = Date.now() + SESSION_MS
      sessions.set(token, { user, expires, payments: new Map() })
      return [201, { token, user, expiresAt: new Date(expires).toISOString() }]
    }
    if (req.method === 'GET' && path === '/v1/exchange/balances') {
      session(req)
      const balances = []
      for (const [network, c] of chains) {
        balances.push({
          network,
          asset: 'native',
          symbol: 'ETH',
          amount: formatUnits(await c.reader.getBalance({ address: treasury.address }), 18),
        })
        for (const t of options.tokens) {
          const v = await c.reader.readContract({
            address: t.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [treasury.address],
          })
          balances.push({
            network,
            asset: t.address.toLowerCase(),
            symbol: t.symbol,
            amount: formatUnits(v, t.decimals),
          })
        }
      }
      return [200, { balances }]
    }
    if (req.method === 'POST' && path === '/v1/exchange/payments') {
      const s = session(req)
      const body = await readJson(req)
      const reference = body.reference
      if (
        reference !== undefined &&
        (typeof reference !== 'string' || !/^[A-Za-z0-9_.:-]{1,128}$/.test(reference))
      )
        throw new HttpRefusal(400, 'invalid_reference', 'reference: 1 to 128 letters, digits or _.:-')
      if (typeof reference === 'string') {
        const known = s.payments.get(reference)
        if (known) return [200, await known]
        const made = pay(body)
        s.payments.set(reference, made)
        made.catch(() => s.payments.delete(reference)) // a refused or failed pay may be tried again
        return [201, await made]
      }
      return [201, await pay(body)]
    }
    throw new HttpRefusal(404, 'not_found', `No route for ${req.method} ${path}`)
  }

  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
      res.setHeader('access-control-allow-headers', 'authorization, content-type')
      res.writeHead(204).end()
      return
    }
    route(req).then(
      ([status, body]) => reply(res, status, body),
      (error: unknown) => {
        if (error instanceof HttpRefusal)
          reply(res, error.status, { code: error.code, message: error.message })
        else
          reply(res, 502, {
            code: 'chain_error',
            message: `The devnet refused the transfer: ${(error as Error).message}`,
          })
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    treasury: treasury.address,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of req) {
    text += chunk
    if (text.length > 16_384) throw new HttpRefusal(413, 'body_too_large', 'Body is larger than 16 KiB')
  }
  try {
    const v = JSON.parse(text) as unknown
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // answered below: not JSON is the same refusal as JSON that is not an object
  }
  throw new HttpRefusal(400, 'invalid_json', 'Send a JSON object')
}

/** Gives the treasury ETH (anvil_setBalance) and each fixture token (a transfer from the funder) once. */
async function fund(
  rpcUrl: string,
  chain: ReturnType<typeof defineChain>,
  reader: PublicClient,
  treasury: Address,
  options: ExchangeSandboxOptions,
) {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [treasury, `0x${parseEther(TREASURY_ETH).toString(16)}`],
    }),
  })
  const answer = (await res.json()) as { error?: { message: string } }
  if (answer.error) throw new Error(`funding the sandbox exchange failed: ${answer.error.message}`)
  const funder = createWalletClient({
    account: privateKeyToAccount(options.funderKey),
    chain,
    transport: http(rpcUrl),
  })
  for (const t of options.tokens) {
    const has = await reader.readContract({
      address: t.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [treasury],
    })
    if (has > 0n) continue
    const hash = await funder.writeContract({
      address: t.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [treasury, parseUnits(TREASURY_TOKENS, t.decimals)],
      account: funder.account!,
      chain,
    })
    await reader.waitForTransactionReceipt({ hash })
  }
}
