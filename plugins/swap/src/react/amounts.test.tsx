// @vitest-environment happy-dom
import { anvil31337, evmAdapter } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { PorticoProvider, preloadLocale } from '@portico/react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { displayAmount } from '../controller/index.js'
import { swapPlugin } from '../plugin.js'
import { type SwapAmounts, useAmounts } from './shared.js'
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const USDC = {
  address: '0x0000000000000000000000000000000000000001',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

/** Hands the swap views' formatters of its place in the tree to the test. */
function Probe({ onAmounts }: { onAmounts: (amounts: SwapAmounts) => void }) {
  onAmounts(useAmounts())
  return null
}

/** The swap views' formatters under a real `createPortico` and `PorticoProvider` with `locale`. */
async function amountsIn(locale: string | undefined): Promise<SwapAmounts> {
  // Catalogues other than English load on demand, and the UI keeps its language until they
  // arrive: load this one first, as a host that knows its visitor's language does.
  if (locale) await preloadLocale(locale)
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337] })],
    plugins: [swapPlugin()],
    storage: 'memory',
    reconnectOnLoad: false,
  })
  let seen: SwapAmounts | undefined
  const container = document.createElement('div')
  const root = createRoot(container)
  await act(async () => {
    root.render(
      <PorticoProvider portico={portico} {...(locale ? { locale } : {})}>
        <Probe
          onAmounts={(a) => {
            seen = a
          }}
        />
      </PorticoProvider>,
    )
  })
  cleanups.push(() => {
    act(() => root.unmount())
    portico.destroy()
  })
  if (!seen) throw new Error('the probe did not render')
  return seen
}

// Issue 20: numbers and fiat through Intl for the visitor's locale — the swap views too.
describe('swap amounts follow the provider locale', () => {
  it('English writes 1,234.5 and $1,234.50; the 4-decimal cap from 1 up holds', async () => {
    const en = await amountsIn('en')
    expect(en.amount(1234.56789)).toBe('1,234.5679')
    expect(en.token(1_234_500_000n, USDC)).toBe('1,234.5 USDC')
    expect(en.usd(1234.5)).toBe('$1,234.50')
    expect(en.percent(1.25)).toBe('1.25%')
  })

  it('Spanish writes the decimal comma and its grouping', async () => {
    const es = await amountsIn('es')
    expect(es.amount(0.5)).toBe('0,5')
    expect(es.token(1_234_500_000n, USDC)).toBe('1234,5 USDC')
    expect(es.amount(12345.5)).toBe('12.345,5')
    expect(es.usd(2.5)).toMatch(/^2,50\s?US\$$/)
  })

  it('Arabic (Egypt) writes Arabic-Indic digits and the Arabic decimal separator', async () => {
    const ar = await amountsIn('ar-EG')
    expect(ar.amount(0.5)).toBe('٠٫٥')
  })

  it('the amount field reads the locale decimal separator (1,5 in es) and still a dot; shows the flow amount back the locale way', async () => {
    const es = await amountsIn('es')
    expect(es.fromInput('1,5')).toBe('1.5')
    expect(es.fromInput('1.5')).toBe('1.5')
    expect(es.toInput('0.25')).toBe('0,25')
    const en = await amountsIn('en')
    expect(en.fromInput('1,5')).toBe('1,5') // not a number in English: the form says so
    expect(en.toInput('0.25')).toBe('0.25')
    const ar = await amountsIn('ar-EG')
    expect(ar.fromInput('٠٫٥'.replace('٠', '0').replace('٥', '5'))).toBe('0.5')
  })

  it('an unknown locale tag still shows the number, in English', () => {
    expect(displayAmount(0.5, 6, 'not a locale!')).toBe('0.5')
  })
})
