import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isAlive, spawnService, stopPid } from './process-service.js'

const node = (code: string) => ({ command: process.execPath, args: ['-e', code], detached: false })

describe('a service process is healthy before start returns, or killed and reported', () => {
  it('the first stdout line is the ready report; the process keeps running until stopped by PID', async () => {
    const { pid, ready } = await spawnService({
      label: 'the echo service',
      ...node('console.log(JSON.stringify({ port: 1 })); setInterval(() => {}, 1000)'),
      ready: { line: (line) => JSON.parse(line) as { port: number } },
      timeoutMs: 10_000,
    })
    expect(ready).toEqual({ port: 1 })
    expect(isAlive(pid)).toBe(true)
    await stopPid(pid)
    expect(isAlive(pid)).toBe(false)
  })

  it('a process that exits before it is ready fails start with its exit code', async () => {
    await expect(
      spawnService({
        label: 'the broken service',
        ...node('process.exit(3)'),
        ready: { line: (line) => line },
        timeoutMs: 10_000,
      }),
    ).rejects.toThrow('the broken service exited early with code 3')
  })

  it('a process that never gets healthy is killed after the time-out', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'portico-process-')), 'silent.log')
    const started = spawnService({
      label: 'the silent service',
      ...node('console.log(process.pid); setInterval(() => {}, 1000)'),
      logFile,
      ready: { probe: () => new Promise<never>(() => {}) },
      // Long enough for a child node to print its pid on a loaded machine.
      timeoutMs: 3_000,
    })
    await expect(started).rejects.toThrow('the silent service did not start in 3 s')
    const pid = Number(readFileSync(logFile, 'utf8').trim())
    expect(pid).toBeGreaterThan(0)
    await expect.poll(() => isAlive(pid)).toBe(false)
  })

  it('a ready line that is not the expected report kills the process', async () => {
    let pid = 0
    const started = spawnService({
      label: 'the chatty service',
      ...node("console.log('pid ' + process.pid); setInterval(() => {}, 1000)"),
      ready: {
        line: (line) => {
          pid = Number(line.split(' ')[1])
          return JSON.parse(line) as unknown
        },
      },
      timeoutMs: 10_000,
    })
    await expect(started).rejects.toThrow(SyntaxError)
    expect(pid).toBeGreaterThan(0)
    await expect.poll(() => isAlive(pid)).toBe(false)
  })
})
