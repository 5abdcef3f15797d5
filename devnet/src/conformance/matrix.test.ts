import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { conformanceChecks } from './checks/index.js'

const root = join(import.meta.dirname, '../../..')
const script = pathToFileURL(join(root, 'scripts/wallet-matrix.mjs')).href

describe('the compatibility matrix (docs/wallets.md)', () => {
  it('docs/wallets.md is what scripts/wallet-matrix.mjs makes of the kit’s records', async () => {
    const { renderWalletMatrix } = (await import(script)) as { renderWalletMatrix(): string }
    expect(readFileSync(join(root, 'docs/wallets.md'), 'utf8')).toBe(renderWalletMatrix())
  })

  it('every record names only checks of the kit, each tested, not applicable with a reason, or not checked', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) {
      const matrix = JSON.parse(readFileSync(join(root, 'docs/wallets', `${ns}.json`), 'utf8')) as Record<
        string,
        Record<string, string>
      >
      expect(Object.keys(matrix).length, ns).toBeGreaterThan(0)
      for (const [wallet, results] of Object.entries(matrix)) {
        for (const check of Object.keys(results))
          expect(Object.keys(conformanceChecks), `${ns} ${wallet}`).toContain(check)
        for (const outcome of Object.values(results))
          expect(outcome).toMatch(/^(tested|not checked|not applicable: .+)$/)
      }
    }
  })

  it('the namespaces this branch re-ran name every check of the kit (sign-in included)', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122']) {
      const matrix = JSON.parse(readFileSync(join(root, 'docs/wallets', `${ns}.json`), 'utf8')) as Record<
        string,
        Record<string, string>
      >
      for (const [wallet, results] of Object.entries(matrix))
        expect(Object.keys(results).sort(), `${ns} ${wallet}`).toEqual(Object.keys(conformanceChecks).sort())
    }
  })

  it('a check a record does not name shows as "not run" in docs/wallets.md, never as a blank or a pass', async () => {
    const { renderWalletMatrix } = (await import(script)) as { renderWalletMatrix(dir?: string): string }
    const dir = mkdtempSync(join(tmpdir(), 'portico-matrix-'))
    try {
      writeFileSync(join(dir, 'eip155.json'), JSON.stringify({ 'Old Wallet': { signature: 'tested' } }))
      const rows = renderWalletMatrix(dir).split('\n')
      expect(rows).toContain('| Sign a message (verified independently) | tested |')
      expect(rows).toContain('| Sign in (SIWE / SIWS / CAIP-122, verified independently) | not run |')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
