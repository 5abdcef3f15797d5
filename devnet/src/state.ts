import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EvmServiceInfo, ServiceInfo } from './services.js'

/** Contents of `<repo>/.portico/devnet.json`, written by `portico-devnet start`. */
export interface DevnetState {
  startedAt: string
  services: { evm?: EvmServiceInfo; [name: string]: ServiceInfo | undefined }
}

/** `<repo>/.portico`, or `PORTICO_STATE_DIR` when set. */
export function getStateDir(): string {
  if (process.env.PORTICO_STATE_DIR) return process.env.PORTICO_STATE_DIR
  // src/state.ts and dist/state.js both sit two levels below the repo root.
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.portico')
}

export function getStateFile(stateDir = getStateDir()): string {
  return join(stateDir, 'devnet.json')
}

/**
 * Reads devnet.json (rpc URLs, chain ids, fixture addresses, PIDs) as written by
 * `portico-devnet start`; undefined when the devnet is not started.
 *
 * @example
 * const state = readDevnetState(); const rpcUrl = state?.services.evm?.chains[0]?.rpcUrl
 */
export function readDevnetState(stateDir = getStateDir()): DevnetState | undefined {
  const file = getStateFile(stateDir)
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DevnetState
  } catch {
    return undefined
  }
}

export function writeDevnetState(state: DevnetState, stateDir = getStateDir()): void {
  mkdirSync(stateDir, { recursive: true })
  writeFileSync(getStateFile(stateDir), `${JSON.stringify(state, null, 2)}\n`)
}

export function removeDevnetState(stateDir = getStateDir()): void {
  rmSync(getStateFile(stateDir), { force: true })
}
