// A throwaway redis-server on 127.0.0.1 and a free port, no persistence.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

export interface TestRedis {
  url: string
  /** The redis-server process (the bench reads its CPU time). */
  pid: number
  stop(): Promise<void>
}

const BIN = '/usr/bin/redis-server'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** Starts redis-server and resolves once it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(BIN)) throw new Error('redis-server is not installed: run scripts/ensure-system.sh')
  const port = await freePort()
  const child: ChildProcess = spawn(
    BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000)
    const onData = (d: Buffer) => {
      output += d
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}: ${output}`))
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
