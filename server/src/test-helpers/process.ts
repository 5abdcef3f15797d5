// Runs `portico-server` as a child process (the real bin) and waits for its
// "gateway listening" log line.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/portico-server.mjs', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  url: string
  lines: Record<string, unknown>[]
}

export function spawnServer(
  args: string[],
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, PORTICO_FROM_SOURCE: '1', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr!.on('data', (d) => {
    stderr += d
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`portico-server did not start: ${stderr}`))
      // Generous: from source the bin compiles the whole gateway with tsx first (about 27 s on a
      // loaded 2-core machine); this guards against a gateway that never starts, it times nothing.
    }, options.startTimeoutMs ?? 90_000)
    let buf = ''
    child.stdout!.on('data', (d) => {
      buf += d
      let i = buf.indexOf('\n')
      while (i >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        i = buf.indexOf('\n')
        try {
          const entry = JSON.parse(line)
          lines.push(entry)
          if (entry.msg === 'gateway listening') {
            clearTimeout(timer)
            resolve({ child, url: entry.url, lines })
          }
        } catch {}
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`portico-server exited with ${code}: ${stderr}`))
    })
  })
}
