import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { DevWcRequestLog, DevWcWalletOptions } from '@portico/devnet'

/**
 * The dev WalletConnect wallet (`createDevWcWallet` of @portico/devnet, a real
 * @walletconnect/sign-client) in a child Node process driven over
 * stdin/stdout. Not in the test process: the e2e project resolves with the
 * `module` condition, under which WalletConnect's ESM build breaks in Node
 * (LOCAL-WORLD.md); a plain Node process loads its CommonJS build. The child
 * watches its own outbound connections (devnet's loopback guard).
 */
export interface WalletProcess {
  /** The wallet's EVM address, then per CAIP-2 chain its addresses (`addressesOn`). */
  address: string
  addressesOn(caipNetworkId: string): Promise<string[]>
  pair(uri: string): Promise<{ topic: string } | null>
  requests(): Promise<DevWcRequestLog[]>
  disconnect(): Promise<void>
  nonLoopback(): Promise<string[]>
  stop(): Promise<void>
}

const WALLET_CHILD = `
import { createInterface } from 'node:readline'
import { createDevWcWallet, watchOutboundConnections } from '@portico/devnet'
const guard = watchOutboundConnections()
const opts = JSON.parse(process.env.DEV_WC_WALLET)
const wallet = await createDevWcWallet(opts)
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n')
const commands = {
  addressesOn: async (chainId) => [...wallet.addressesOn(chainId)],
  pair: async (uri) => { const s = await wallet.pair(uri); return s ? { topic: s.topic } : null },
  requests: async () => JSON.parse(JSON.stringify(wallet.requests)),
  disconnect: () => wallet.disconnect(),
  nonLoopback: async () => guard.nonLoopback(),
  stop: async () => { await wallet.stop(); setTimeout(() => process.exit(0), 10) },
}
createInterface({ input: process.stdin }).on('line', async (line) => {
  const { id, cmd, arg } = JSON.parse(line)
  try { send({ id, result: (await commands[cmd](arg)) ?? null }) }
  catch (e) { send({ id, error: String(e?.stack ?? e) }) }
})
send({ ready: wallet.address })
`

/** Options that survive JSON (keys as arrays, no storage or metadata objects). */
export type WalletProcessOptions = Omit<DevWcWalletOptions, 'storage' | 'metadata' | 'solana'> & {
  solana?: { address: string; secretKey: number[] }
}

/** Starts the wallet process and waits (120 s at most: key derivation is slow on a busy machine) for its ready line. */
export async function startWalletProcess(options: WalletProcessOptions): Promise<WalletProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions', 'source', '--input-type=module', '-e', WALLET_CHILD],
    {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DEV_WC_WALLET: JSON.stringify(options) },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  let nextId = 1
  let onReady: (address: string) => void = () => {}
  const ready = new Promise<string>((resolve, reject) => {
    onReady = resolve
    child.once('exit', (code) => reject(new Error(`dev WC wallet process exited ${code}`)))
  })
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let msg: { id?: number; ready?: string; result?: unknown; error?: string }
    try {
      msg = JSON.parse(line)
    } catch {
      return
    }
    if (msg.ready) return onReady(msg.ready)
    const w = waiting.get(msg.id!)
    waiting.delete(msg.id!)
    if (msg.error) w?.reject(new Error(msg.error))
    else w?.resolve(msg.result)
  })
  const call = <T>(cmd: string, arg?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
      child.stdin!.write(`${JSON.stringify({ id, cmd, arg })}\n`)
    })
  let timer: NodeJS.Timeout | undefined
  const address = await Promise.race([
    ready,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('dev WC wallet process not ready in 120 s')), 120_000)
    }),
  ]).finally(() => clearTimeout(timer))
  return {
    address,
    addressesOn: (chainId) => call('addressesOn', chainId),
    pair: (uri) => call('pair', uri),
    requests: () => call('requests'),
    disconnect: () => call('disconnect'),
    nonLoopback: () => call('nonLoopback'),
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      // A wallet that does not answer `stop` within 3 s is killed below.
      await Promise.race([call('stop').catch(() => undefined), new Promise((r) => setTimeout(r, 3_000))])
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
