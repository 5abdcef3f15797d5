import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { scanSource, scanViews } from './scan-views.js'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
/** The React views of this package, of the first-party plugins and of the third-party example plugin. */
const VIEW_DIRS = [
  'ui-react/src',
  'plugins/walletconnect/src/react',
  'plugins/swap/src/react',
  'plugins/names/src/react',
  'plugins/onramp/src/react',
  'plugins/embedded-wallet/src/react',
  'examples/plugin-hello/src/react',
].map((d) => join(repo, d))

// Issue 20: no string is hard-coded in a view — every visible text comes from a catalogue.
describe('no hard-coded visible string in a view', () => {
  it('the scanner finds JSX text, rendered literals, visible attributes and view titles', () => {
    const hits = scanSource(
      'Demo.tsx',
      `export function Demo({ ok, n }) {
        useViewTitle('Swap')
        return (
          <div className="row" data-state="ready" aria-hidden="true">
            Hello
            <input placeholder="Search" aria-label={ok ? 'Yes' : 'No'} type="search" />
            {ok ? \`Found \${n}\` : 'None'}
            <img alt="Logo" />
            {t('fine')} {' '} {'·'} {n ?? '—'}
          </div>
        )
      }`,
    )
    expect(hits.map((h) => h.text)).toEqual(['Swap', 'Hello', 'Search', 'Yes', 'No', 'Found', 'None', 'Logo'])
  })

  it('every view of @portico/react and of the plugins takes its text from a catalogue', () => {
    for (const dir of VIEW_DIRS) expect(existsSync(dir), dir).toBe(true)
    const hits = scanViews(VIEW_DIRS).map(
      (h) => `${h.file.slice(repo.length + 1)}:${h.line} ${JSON.stringify(h.text)}`,
    )
    expect(hits).toEqual([])
  })
})
