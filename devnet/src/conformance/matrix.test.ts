import { readFileSync } from 'node:fs'
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

  it('every record names every check of the kit, each tested, not applicable with a reason, or not checked', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) {
      const matrix = JSON.parse(readFileSync(join(root, 'docs/wallets', `${ns}.json`), 'utf8')) as Record<
        string,
        Record<string, string>
      >
      expect(Object.keys(matrix).length, ns).toBeGreaterThan(0)
      for (const [wallet, results] of Object.entries(matrix)) {
        expect(Object.keys(results).sort(), `${ns} ${wallet}`).toEqual(Object.keys(conformanceChecks).sort())
        for (const outcome of Object.values(results))
          expect(outcome).toMatch(/^(tested|not checked|not applicable: .+)$/)
      }
    }
  })
})
