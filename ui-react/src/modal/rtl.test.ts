import { describe, expect, it } from 'vitest'
import { modalCss as firstLoadCss } from './styles.js'
import { viewsCss } from './view-styles.js'

// The first-load sheet and the lazy views' sheet, as a modal with a view open adopts them.
const modalCss = `${firstLoadCss}\n${viewsCss}`

// Issue 20: Arabic lays the modal out right to left, so the modal's CSS speaks in logical
// properties (margin-inline, padding-inline, inset-inline, text-align: start) — never left/right.
describe('the modal CSS is direction-neutral', () => {
  it('has no physical left/right property, text-align or asymmetric box shorthand', () => {
    const physical = [
      ...modalCss.matchAll(/(?:^|[\s;{])((?:margin|padding|border)-(?:left|right)[\w-]*|left|right)\s*:/g),
    ].map((m) => m[1])
    expect(physical).toEqual([])
    expect(modalCss).not.toMatch(/text-align:\s*(left|right)/)
    expect(modalCss).not.toMatch(/float:\s*(left|right)/)
    // A 3- or 4-value margin/padding shorthand names left and right: use -block / -inline instead.
    expect(modalCss.match(/\b(?:margin|padding):\s*[^;{}]*\s[^;{}]*\s[^;{}]*;/g) ?? []).toEqual([])
  })
  it('mirrors the icons that point along the line and the view transition in RTL', () => {
    expect(modalCss).toContain("[dir='rtl'] .mirror-rtl { transform: scaleX(-1); }")
    expect(modalCss).toContain("[dir='rtl'] .view { animation-name: portico-view-rtl; }")
  })
})
