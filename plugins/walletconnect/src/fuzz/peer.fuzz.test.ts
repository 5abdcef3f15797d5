// Issue 22, "Fuzzing, as a standing test": a WalletConnect peer's session metadata
// (name, icons, url) comes from a stranger. peerFromMetadata must give plain text,
// a data:image icon and an http(s) URL only — or no peer — never throw, never hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call, fuzzRuns, hostileString, walletValue } from '../../../../core/src/fuzz/arbitraries.js'
import { peerFromMetadata, walletInfoOf } from '../connector/peer.js'

const runs = { numRuns: fuzzRuns() }

const url = fc.oneof(
  walletValue,
  fc.webUrl(),
  fc.constantFrom(
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://x/1',
    '//evil.example',
    'https://rainbow.me',
    'http://127.0.0.1:3000/',
  ),
)
const icons = fc.oneof(
  walletValue,
  fc.array(
    fc.oneof(
      walletValue,
      fc.webUrl(),
      fc.constantFrom(
        'https://evil.example/track.png',
        'data:image/png;base64,iVBORw0KGgo=',
        `data:image/svg+xml;base64,${btoa('<svg onload=alert(1)>')}`,
        'data:text/html,<b>x</b>',
      ),
    ),
    { maxLength: 5 },
  ),
)
const metadata = fc.oneof(
  walletValue,
  fc.record(
    {
      name: fc.oneof(hostileString, walletValue, fc.constant('<script>alert(1)</script>')),
      description: walletValue,
      url,
      icons,
    },
    { requiredKeys: [] },
  ),
)

describe('fuzz: WalletConnect peer metadata', () => {
  it('peerFromMetadata gives a plain-text name, a data:image icon and an http(s) URL only, or no peer', () => {
    fc.assert(
      fc.property(metadata, (value) => {
        const r = call(() => peerFromMetadata(value))
        expect(r.ok).toBe(true)
        if (!r.ok || r.value === undefined) return
        const peer = r.value
        expect(peer.name.length).toBeGreaterThan(0)
        expect([...peer.name].length).toBeLessThanOrEqual(64)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
        expect(peer.name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
        if (peer.icon !== undefined) expect(peer.icon).toMatch(/^data:image\//i)
        if (peer.url !== undefined) {
          expect(['http:', 'https:']).toContain(new URL(peer.url).protocol)
          expect(peer.url).toBe(new URL(peer.url).href)
        }
        // What core stores as the connected wallet carries the same cleaned fields.
        const info = walletInfoOf(peer)
        expect(info).toMatchObject({ name: peer.name, type: 'WALLET_CONNECT' })
        expect(info?.icon).toBe(peer.icon)
      }),
      runs,
    )
  })
})
