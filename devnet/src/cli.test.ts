import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetStart, devnetStatus, devnetStop, servicesFor } from './cli.js'
import { ENTRY_POINT_V07_ADDRESS } from './evm/aa/contracts.js'
import type { BundlerServiceInfo } from './evm/aa/service.js'
import { rpc } from './evm/anvil.js'
import type { ExchangeServiceInfo } from './exchange/service.js'
import { getFreePort } from './ports.js'
import { isAlive } from './process-service.js'
import { DEVNET_SERVICES } from './services.js'
import { readDevnetState } from './state.js'

/** As many distinct free ports as each service has default ports: tests never use a fixed port. */
async function freePortsForEveryService(): Promise<Record<string, number[]>> {
  const taken = new Set<number>()
  const next = async (): Promise<number> => {
    for (;;) {
      const port = await getFreePort()
      if (!taken.has(port)) {
        taken.add(port)
        return port
      }
    }
  }
  const ports: Record<string, number[]> = {}
  for (const service of DEVNET_SERVICES) {
    const list: number[] = []
    for (let i = 0; i < (service.defaultPorts?.length ?? 1); i++) list.push(await next())
    ports[service.name] = list
  }
  return ports
}

describe('portico-devnet start / status / stop', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'portico-devnet-'))
  const quiet = { stateDir, log: () => {} }
  afterAll(async () => {
    await devnetStop(quiet)
    rmSync(stateDir, { recursive: true, force: true })
  })

  it('starts detached nodes on the given ports, writes devnet.json, is idempotent, stops by PID', async () => {
    const all = await freePortsForEveryService()
    const ports = all.evm!
    const state = await devnetStart({ ...quiet, ports: all })
    // Every service listens on the port the test handed it, none on its default.
    for (const service of DEVNET_SERVICES) {
      const info = state.services[service.name]!
      const given = all[service.name]!
      const used = service.name === 'evm' ? state.services.evm!.chains.map((c) => c.port) : [info.port]
      expect(used, service.name).toEqual(given)
      for (const port of service.defaultPorts ?? []) expect(given, service.name).not.toContain(port)
    }
    const evm = state.services.evm!
    expect(evm.chains.map((c) => [c.chainId, c.rpcUrl])).toEqual([
      [31337, `http://127.0.0.1:${ports[0]}`],
      [31338, `http://127.0.0.1:${ports[1]}`],
    ])
    expect(readDevnetState(stateDir)).toEqual(state)
    expect(evm.fixtures.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    expect(await devnetStatus(quiet)).toBe(true)

    const lines: string[] = []
    const again = await devnetStart({ stateDir, ports: all, log: (l) => lines.push(l) })
    expect(again.services.evm!.pids).toEqual(evm.pids)
    expect(lines[0]).toContain('already running')

    await devnetStop(quiet)
    expect(evm.pids.some(isAlive)).toBe(false)
    expect(
      Object.values(state.services)
        .flatMap((info) => info?.pids ?? [])
        .some(isAlive),
    ).toBe(false)
    expect(readDevnetState(stateDir)).toBeUndefined()
    await expect(rpc(evm.chains[0]!.rpcUrl, 'eth_chainId', [], 500)).rejects.toThrow()
    expect(await devnetStatus(quiet)).toBe(false)
    await devnetStop(quiet)
    // Every service starts in turn: the Bitcoin node mines ~440 blocks first; chopsticks (polkadot)
    // takes 20–40 s to compile its runtime on a busy machine.
  }, 180_000)
})

describe('portico-devnet start --bundler', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'portico-devnet-aa-'))
  const quiet = { stateDir, log: () => {} }
  afterAll(async () => {
    await devnetStop(quiet)
    rmSync(stateDir, { recursive: true, force: true })
  })

  it('leaves the bundler out unless asked', () => {
    expect(servicesFor(['start']).map((s) => s.name)).not.toContain('bundler')
    expect(servicesFor(['start', '--bundler']).map((s) => s.name)).toContain('bundler')
  })

  it('starts one alto per anvil on the given ports, lists them in devnet.json with the EntryPoint, stops them by PID', async () => {
    const evmService = DEVNET_SERVICES.find((s) => s.name === 'evm')!
    const bundler = servicesFor(['--bundler']).find((s) => s.name === 'bundler')!
    const ports = {
      evm: [await getFreePort(), await getFreePort()],
      bundler: [await getFreePort(), await getFreePort()],
    }
    const state = await devnetStart({ ...quiet, ports, services: [evmService, bundler] })
    const info = state.services.bundler as unknown as BundlerServiceInfo
    expect(info.bundlers.map((b) => [b.chainId, b.port])).toEqual([
      [31337, ports.bundler[0]],
      [31338, ports.bundler[1]],
    ])
    expect(state.services.evm!.fixtures.accountAbstraction.entryPoint).toBe(ENTRY_POINT_V07_ADDRESS)
    for (const b of info.bundlers) {
      expect(await rpc<string[]>(b.url, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_V07_ADDRESS])
      expect(Number(await rpc<string>(b.url, 'eth_chainId'))).toBe(b.chainId)
    }
    expect(readDevnetState(stateDir)?.services.bundler?.pids).toEqual(info.pids)
    await devnetStop(quiet)
    for (const pid of info.pids) expect(isAlive(pid)).toBe(false)
  }, 150_000)
})

describe('portico-devnet start: the sandbox exchange (issue 34, "Pay from an exchange")', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'portico-devnet-exchange-'))
  const quiet = { stateDir, log: () => {} }
  afterAll(async () => {
    await devnetStop(quiet)
    rmSync(stateDir, { recursive: true, force: true })
  })

  it('with --exchange: starts after the anvils, is listed in devnet.json with its URL, pays from its treasury on anvil, stops by PID', async () => {
    expect(servicesFor(['start']).map((s) => s.name)).not.toContain('exchange')
    const services = servicesFor(['--exchange']).filter((s) => s.name === 'evm' || s.name === 'exchange')
    expect(services.map((s) => s.name)).toEqual(['evm', 'exchange'])
    const ports = { evm: [await getFreePort(), await getFreePort()], exchange: [await getFreePort()] }
    const state = await devnetStart({ ...quiet, ports, services })
    const info = state.services.exchange as unknown as ExchangeServiceInfo
    expect(info.url).toBe(`http://127.0.0.1:${ports.exchange[0]}`)
    expect(info.networks).toEqual(['eip155:31337', 'eip155:31338'])
    expect(readDevnetState(stateDir)?.services.exchange?.url).toBe(info.url)
    const login = await fetch(`${info.url}/v1/exchange/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'visitor', password: 'devnet' }),
    })
    expect(login.status).toBe(201)
    const { token } = (await login.json()) as { token: string }
    const recipient = `0x${'5e'.repeat(20)}`
    const paid = await fetch(`${info.url}/v1/exchange/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ network: 'eip155:31337', recipient, asset: 'native', amount: '0.25' }),
    })
    expect(paid.status).toBe(201)
    const body = (await paid.json()) as { from: string; status: string; txHash: string }
    expect([body.status, body.from.toLowerCase()]).toEqual(['sent', info.treasury.toLowerCase()])
    const rpcUrl = state.services.evm!.chains[0]!.rpcUrl
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [recipient, 'latest']))).toBe(
      250_000_000_000_000_000n,
    )
    await devnetStop(quiet)
    for (const pid of info.pids) expect(isAlive(pid)).toBe(false)
  }, 150_000)
})
