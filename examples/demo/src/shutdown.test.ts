// `npm run demo` must stop everything it started whichever stop signal it
// gets: Ctrl-C (SIGINT), a process manager or CI (SIGTERM), a closed terminal
// (SIGHUP). Runs the real scripts/demo.mjs (install and build skipped) with the
// two anvil nodes, then checks their ports close after the signal.
import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = join(import.meta.dirname, '../../..')

async function startDemo(): Promise<{ child: ChildProcess; ports: number[] }> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/demo.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DEMO_SKIP_SETUP: '1',
      DEMO_SKIP_BUILD: '1',
      DEMO_NO_GATEWAY: '1',
      DEMO_NO_SOLANA: '1',
      DEMO_NO_RELAY: '1',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 60_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Portico demo ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`demo exited early (${code}):\n${out}`)))
  })
  const ports = [...out.matchAll(/devnet {2}chain \d+ {2}http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) =>
    Number(m[1]),
  )
  return { child, ports }
}

function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function closedWithin(ports: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    const open = await Promise.all(ports.map((p) => isPortOpen(p)))
    if (!open.some(Boolean)) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

describe('npm run demo stop signals', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} to the demo process stops both anvil nodes it started`, async () => {
      const { child, ports } = await startDemo()
      expect(ports).toHaveLength(2)
      expect(await Promise.all(ports.map((p) => isPortOpen(p)))).toEqual([true, true])
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill(signal)
      expect(await exited).toBe(0)
      expect(await closedWithin(ports, 10_000)).toBe(true)
    })
  }
})
