import { describe, expect, it } from 'vitest'
import * as devWallet from './dev-wallet/index.js'
import * as adapter from './index.js'

describe('@portico/adapter-polkadot public API', () => {
  it('export lists match the snapshot (API changes show in review)', () => {
    expect(Object.keys(adapter).sort()).toMatchSnapshot()
    expect(Object.keys(devWallet).sort()).toMatchSnapshot()
  })

  it('importing has no side effects: no extension is injected, nothing is connected', () => {
    expect((globalThis as { window?: unknown }).window).toBeUndefined()
    expect(adapter.polkadotAdapter({ appName: 'x' }).getConnectors()).toEqual([])
  })

  it('the first load does not pull @polkadot/api: the adapter imports it on the first chain read', async () => {
    const { readdirSync, readFileSync } = await import('node:fs')
    const files = (readdirSync(new URL('.', import.meta.url), { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-helpers'),
    )
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8')
      // Static value imports of the heavy packages; `import type` and `import()` are fine.
      expect(text, file).not.toMatch(
        /^import \{[^}]*\} from '@polkadot\/(api|util-crypto|keyring|types|extension-inject)'/m,
      )
    }
  })
})
