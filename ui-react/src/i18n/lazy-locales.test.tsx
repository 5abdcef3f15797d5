import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/index.js'
import { PorticoProvider } from '../context/index.js'
import { PorticoModal } from '../modal/index.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { modalRoot, waitFor } from '../test-helpers/render.js'
import { defineCatalogue } from './catalogue.js'
import { porticoStrings, preloadLocale } from './catalogues.js'
import { loadCatalogueLocales } from './loading.js'
import { useCatalogue } from './locale.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
  document.body.innerHTML = ''
})

async function mount(locale: string, extra?: React.ReactNode) {
  const t = await createTestPortico()
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  const draw = (l: string) =>
    act(async () =>
      root.render(
        <PorticoProvider portico={t.portico} locale={l}>
          <ConnectButton />
          <PorticoModal />
          {extra}
        </PorticoProvider>,
      ),
    )
  await draw(locale)
  cleanups.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return { t, container, draw }
}

let releaseHello: (strings: { greet: string }) => void = () => {}
/** A plugin's catalogue whose es strings arrive when the test releases them. */
const helloStrings = defineCatalogue(
  'hello',
  { greet: 'Hello' },
  {
    es: () =>
      new Promise<{ greet: string }>((resolve) => {
        releaseHello = resolve
      }),
  },
)
function Greet() {
  const t = useCatalogue(helloStrings)
  return <p data-testid="greet">{t('greet')}</p>
}

const buttonText = (c: HTMLElement) => c.querySelector('[data-portico-button="connect"]')?.textContent
const title = () => modalRoot().querySelector('h2.title')?.textContent

// Issue 31: only English and the visitor's locale load; the other catalogues are chunks of their own.
describe('locales load on demand', () => {
  it('at start the core catalogue holds no locale but English; asking for es loads es only', async () => {
    // First test of the file: this module graph is fresh, nothing loaded a locale yet.
    expect(Object.keys(porticoStrings.locales)).toEqual([])
    expect(Object.keys(porticoStrings.loaders).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    const { container } = await mount('es')
    await waitFor(() => buttonText(container) === 'Conectar billetera')
    expect(Object.keys(porticoStrings.locales)).toEqual(['es'])
  })

  it('switching the open modal to a locale not loaded yet shows the loading state, never English', async () => {
    const { t, draw } = await mount('es')
    await act(async () => t.portico.open())
    await waitFor(
      () => title() === 'Conectar billetera' && modalRoot().querySelector('[data-view="Connect"]'),
    )
    expect(porticoStrings.locales.ja).toBeUndefined()
    // Every text the modal shows during the switch, as the DOM changes.
    const seen: string[] = []
    let loadingShown = false
    const observer = new MutationObserver(() => {
      seen.push(modalRoot().textContent ?? '')
      if (modalRoot().querySelector('[data-testid="modal-loading"]')) loadingShown = true
    })
    observer.observe(modalRoot(), { subtree: true, childList: true, characterData: true })
    await draw('ja')
    await waitFor(() => title() === 'ウォレットを接続' && modalRoot().querySelector('[data-view="Connect"]'))
    observer.disconnect()
    expect(loadingShown).toBe(true)
    expect(seen.filter((text) => text.includes('Connect Wallet'))).toEqual([])
    expect(porticoStrings.locales.ja).toBeDefined()
  })

  it('preloadLocale puts a locale at hand, so the first render is already in it', async () => {
    await preloadLocale('zh-CN')
    expect(porticoStrings.locales.zh).toBeDefined()
    const { container } = await mount('zh-CN')
    expect(buttonText(container)).toBe(porticoStrings.locales.zh?.connectWallet)
  })

  it('a locale whose chunk fails to load shows English and can be tried again', async () => {
    let fail = true
    const demo = defineCatalogue(
      'demo',
      { hello: 'Hello' },
      {
        ar: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ hello: 'مرحبا' })),
      },
    )
    await expect(loadCatalogueLocales(demo, ['ar'])).rejects.toThrow('offline')
    expect(demo.locales.ar).toBeUndefined()
    fail = false
    await loadCatalogueLocales(demo, ['ar'])
    expect(demo.locales.ar?.hello).toBe('مرحبا')
  })

  it('a plugin view waits for its catalogue’s lazy locale instead of rendering English', async () => {
    const { Suspense } = await import('react')
    const { container } = await mount(
      'es',
      <Suspense fallback={<p data-testid="waiting" />}>
        <Greet />
      </Suspense>,
    )
    await waitFor(() => container.querySelector('[data-testid="waiting"]'))
    expect(container.querySelector('[data-testid="greet"]')).toBeNull()
    await act(async () => releaseHello({ greet: 'Hola' }))
    await waitFor(() => container.querySelector('[data-testid="greet"]')?.textContent === 'Hola')
  })
})
