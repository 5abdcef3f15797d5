import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The compatibility matrix's record: per namespace, `docs/wallets/<namespace>.json` holds
 * `{ [wallet]: { [check]: outcome } }`, written from what the conformance kit ran
 * (`PORTICO_UPDATE_WALLETS=1`) and checked against every later run; `scripts/wallet-matrix.mjs`
 * turns the files into `docs/wallets.md`.
 */
export type MatrixOutcome = 'tested' | 'not checked' | `not applicable: ${string}`

const root = join(import.meta.dirname, '../../..')

/** Why a check that answered "not applicable" at run time does not apply. */
export const RUNTIME_NOT_APPLICABLE: Record<string, string> = {
  walletAccountsChanged: 'the wallet announces no account change',
  walletChainChanged: 'the wallet announces no network change',
  walletDisconnect: 'the wallet announces no disconnect',
}

export function matrixFile(namespace: string): string {
  return join(root, 'docs/wallets', `${namespace}.json`)
}

function readMatrix(namespace: string): Record<string, Record<string, MatrixOutcome>> {
  const file = matrixFile(namespace)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
}

const sorted = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))

/**
 * Compares a complete run's `results` for `wallet` with the record (throws when they differ,
 * naming each difference), or writes them when `PORTICO_UPDATE_WALLETS=1`.
 */
export function recordMatrix(
  namespace: string,
  wallet: string,
  results: Record<string, MatrixOutcome>,
): void {
  const matrix = readMatrix(namespace)
  const ran = sorted(results)
  if (process.env.PORTICO_UPDATE_WALLETS === '1') {
    matrix[wallet] = ran
    mkdirSync(join(root, 'docs/wallets'), { recursive: true })
    writeFileSync(matrixFile(namespace), `${JSON.stringify(sorted(matrix), null, 2)}\n`)
    return
  }
  const recorded = matrix[wallet] ?? {}
  const differences = [...new Set([...Object.keys(recorded), ...Object.keys(ran)])]
    .filter((check) => recorded[check] !== ran[check])
    .map((check) => `${check}: recorded ${recorded[check] ?? 'nothing'}, ran ${ran[check] ?? 'nothing'}`)
  if (differences.length)
    throw new Error(
      `docs/wallets/${namespace}.json does not say what ran for ${wallet} (${differences.join('; ')}). ` +
        'Run this suite with PORTICO_UPDATE_WALLETS=1, then node scripts/wallet-matrix.mjs, and review the diff.',
    )
}
