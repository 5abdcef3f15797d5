// Issue 22: axe in Chromium found the Activity tab failing colour contrast in the light
// theme (received amounts in --portico-success on the background). WCAG 2 AA asks 4.5:1
// for normal text; these are the theme colours used as text on the dialog background.
import { describe, expect, it } from 'vitest'
import { themeVariableDefaults } from './styles.js'

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

describe('light theme text contrast (WCAG 2 AA, 4.5:1)', () => {
  const bg = themeVariableDefaults['--portico-background']
  for (const name of [
    '--portico-foreground',
    '--portico-muted',
    '--portico-accent',
    '--portico-success',
    '--portico-danger',
  ] as const) {
    it(`${name} on the background reaches 4.5:1`, () => {
      expect(contrast(themeVariableDefaults[name], bg)).toBeGreaterThanOrEqual(4.5)
    })
  }
})
