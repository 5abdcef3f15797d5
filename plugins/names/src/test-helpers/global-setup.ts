// One anvil devnet and one gateway (sandbox on) for the whole run. They run
// in a child Node process: the global setup cannot resolve workspace
// packages through their `source` condition, and the DOM environment of the
// view tests cannot host the gateway.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import type { EvmDevnet } from './world.js'

declare module 'vitest' {
  export interface ProvidedContext {
    namesWorld: { gatewayUrl: string; devnet: EvmDevnet }
  }
}

export default async function setup(project: TestProject) {
  const script = fileURLToPath(new URL('./serve-world.ts', import.meta.url))
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! })
    rl.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`names test world exited with ${code}`)))
  })
  project.provide('namesWorld', JSON.parse(line))
  return async () => {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}
