// The built demo: strict-CSP-friendly HTML, and views split into lazy chunks so
// only the button, the modal shell and the Connect view are on the first load.
// The build is the run's one `vite build` of the demo (vitest.global-setup.ts), the site the
// e2e flows are served: it may still be running when this file starts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { waitForDemoBuild } from '../../../e2e/src/harness/demo-build.js'

let html = ''
let chunks: { name: string; code: string }[] = []

beforeAll(async () => {
  const outDir = await waitForDemoBuild(inject('demoBuild'))
  html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const assets = join(outDir, 'assets')
  chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((name) => ({ name, code: readFileSync(join(assets, name), 'utf8') }))
}, 600_000)

describe('built demo', () => {
  it('index.html declares a strict CSP and has no inline script or style', () => {
    expect(html).toContain("default-src 'self'")
    // 'wasm-unsafe-eval' (WebAssembly compilation for @polkadot/wasm-crypto) is the one allowance: no eval, no inline.
    expect(html).not.toMatch(/unsafe-inline|(?<!wasm-)unsafe-eval/)
    expect(html).toContain("script-src 'self' 'wasm-unsafe-eval';")
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/<style|style="/)
  })

  it('the entry chunk holds the Connect view; Account, Networks and the plugin view are separate chunks', () => {
    const entrySrc = /<script[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1]
    const entry = chunks.find((c) => c.name === entrySrc)
    expect(entry).toBeDefined()
    expect(entry!.code).toContain('data-connector-id')
    expect(entry!.code).not.toContain('token-list')
    expect(entry!.code).not.toContain('hello-view')
    expect(chunks.some((c) => c.name.startsWith('Account-') && c.code.includes('token-list'))).toBe(true)
    expect(chunks.some((c) => c.name.startsWith('Networks-'))).toBe(true)
    expect(chunks.some((c) => c.name.startsWith('HelloView-') && c.code.includes('hello-view'))).toBe(true)
  })

  it('the WalletConnect provider loads lazily: it is not in the entry chunk', () => {
    const entrySrc = /<script[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1]
    const entry = chunks.find((c) => c.name === entrySrc)!
    // The universal provider's session-proposal method name.
    expect(chunks.some((c) => c.code.includes('wc_sessionPropose'))).toBe(true)
    expect(entry.code).not.toContain('wc_sessionPropose')
  })

  it('the swap plugin adds only its registration to the entry chunk: its views are lazy chunks', () => {
    const entrySrc = /<script[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1]
    const entry = chunks.find((c) => c.name === entrySrc)!
    expect(entry.code).not.toContain('swap-form')
    expect(entry.code).not.toContain('swap-preview')
    expect(chunks.some((c) => c.name.startsWith('Swap-') && c.code.includes('swap-form'))).toBe(true)
    expect(chunks.some((c) => c.name.startsWith('SwapPreview-') && c.code.includes('swap-preview'))).toBe(
      true,
    )
  })
})
