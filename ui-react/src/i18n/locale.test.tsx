import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/index.js'
import { PorticoProvider } from '../context/index.js'
import { formatTokenAmountIn, formatUsdIn } from '../format/index.js'
import { PorticoModal } from '../modal/index.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { modalRoot, waitFor } from '../test-helpers/render.js'

const containers: { unmount: () => void }[] = []
afterEach(() => {
  for (const c of containers.splice(0)) c.unmount()
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('lang')
})

/** Renders the modal and a connect button under a provider with the given props; returns a re-render. */
async function mount(props: { locale?: string }) {
  const t = await createTestPortico()
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  const draw = (p: { locale?: string }) =>
    act(async () =>
      root.render(
        <PorticoProvider portico={t.portico} {...p}>
          <ConnectButton />
          <PorticoModal />
        </PorticoProvider>,
      ),
    )
  await draw(props)
  containers.push({
    unmount: () => {
      act(() => root.unmount())
      container.remove()
    },
  })
  return { t, container, draw }
}

const title = () => modalRoot().querySelector('h2.title')?.textContent
const shell = () => modalRoot().querySelector<HTMLElement>('.root')

// Issue 20: a `locale` option on the provider, detection from <html lang>, English for the rest.
describe('the modal in the visitor’s language', () => {
  it('locale="es" translates the button and the modal', async () => {
    const { t, container } = await mount({ locale: 'es' })
    // The es strings are a chunk of their own: the button turns Spanish when it arrives.
    await waitFor(
      () => container.querySelector('[data-portico-button="connect"]')?.textContent === 'Conectar billetera',
    )
    await act(async () => t.portico.open())
    await waitFor(() => title() === 'Conectar billetera')
    expect(shell()?.getAttribute('lang')).toBe('es')
    expect(shell()?.getAttribute('dir')).toBe('ltr')
  })

  it('without a locale it follows <html lang> (es-MX → es), also when the page changes it', async () => {
    document.documentElement.lang = 'es-MX'
    const { t } = await mount({})
    await act(async () => t.portico.open())
    await waitFor(() => title() === 'Conectar billetera')
    await act(async () => {
      document.documentElement.lang = 'ja'
      await new Promise((r) => setTimeout(r, 0)) // MutationObserver delivers in a microtask
    })
    await waitFor(() => title() === 'ウォレットを接続')
  })

  it('switching locale at run time re-renders the open modal in place; Arabic is dir="rtl"', async () => {
    const { t, draw } = await mount({ locale: 'en' })
    await act(async () => t.portico.open())
    await waitFor(() => title() === 'Connect Wallet')
    const dialog = modalRoot().querySelector('[role="dialog"]')
    let closes = 0
    t.portico.on('MODAL_CLOSE', () => closes++)
    await draw({ locale: 'ar' })
    await waitFor(() => title() === 'ربط المحفظة')
    expect(shell()?.getAttribute('dir')).toBe('rtl')
    expect(modalRoot().querySelector('[role="dialog"]')).toBe(dialog) // the same node: not reopened
    expect(closes).toBe(0)
    expect(modalRoot().querySelector('[aria-label="إغلاق"]')).not.toBeNull()
  })

  it('an unknown locale shows English', async () => {
    const { t } = await mount({ locale: 'de' })
    await act(async () => t.portico.open())
    await waitFor(() => title() === 'Connect Wallet')
    expect(shell()?.getAttribute('lang')).toBe('en')
  })
})

// SPEC §5 still holds under Intl: truncated (never rounded) to 3 decimals, fiat at 2.
describe('numbers and fiat through Intl for the locale', () => {
  it('token amounts are truncated to 3 decimals, then written the locale’s way', () => {
    expect(formatTokenAmountIn('en', '10000.123999')).toBe('10000.123')
    expect(formatTokenAmountIn('es', '1234.56789')).toBe('1234,567')
    expect(formatTokenAmountIn('de', '0.0009')).toBe('0,000')
    expect(formatTokenAmountIn('ja', undefined)).toBe('0.000')
    // No digit is lost on a big balance (a Number would round it).
    expect(formatTokenAmountIn('en', '123456789012345678.9999')).toBe('123456789012345678.999')
  })
  it('fiat shows 2 decimals in the locale’s currency format', () => {
    expect(formatUsdIn('en', 1234.5)).toBe('$1,234.50')
    expect(formatUsdIn('en', 0.005)).toBe('$0.01')
    expect(formatUsdIn('es', 1234.5).replace(/\s/g, ' ')).toBe('1234,50 US$')
    expect(formatUsdIn('ja', 1234.5)).toBe('$1,234.50')
  })
})
