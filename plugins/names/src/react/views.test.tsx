// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://localhost:3000/"}
import { connectedDevPortico } from '@portico/adapter-evm/testing'
import type { Portico } from '@portico/core'
import { PorticoProvider, preloadLocale } from '@portico/react'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { namesPlugin } from '../plugin.js'
import { registerDirectly, uniqueLabel } from '../test-helpers/world.js'
import RegisterAccountNameView from './RegisterAccountName.js'
import RegisterAccountNameSuccessView from './RegisterAccountNameSuccess.js'
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const { devnet, gatewayUrl } = inject('namesWorld')

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const c of cleanups.splice(0).reverse()) c()
})

async function render(portico: Portico, ui: React.ReactNode, locale?: string) {
  // Catalogues other than English load on demand and the UI keeps its language until they arrive.
  if (locale) await preloadLocale(locale)
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root!: Root
  await act(async () => {
    root = createRoot(container)
    root.render(
      <PorticoProvider portico={portico} {...(locale ? { locale } : {})}>
        {ui}
      </PorticoProvider>,
    )
  })
  cleanups.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return container
}

async function until(fn: () => boolean, ms = 15_000) {
  const start = Date.now()
  while (!fn()) {
    if (Date.now() - start > ms) throw new Error('until: timed out')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20))
    })
  }
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function world(key: number) {
  const portico = await connectedDevPortico({
    devnet,
    apiUrl: gatewayUrl,
    account: key,
    plugins: [namesPlugin({ debounceMs: 20 })],
  })
  cleanups.push(() => portico.destroy())
  return portico
}

const status = (view: HTMLElement) => view.querySelector('[data-status]:not([data-testid])')
const submit = (view: HTMLElement) => view.querySelector('button[type=submit]') as HTMLButtonElement

describe('RegisterAccountName (real Portico, gateway and anvil)', () => {
  it('"ada" shows the SPEC §5 rule as an alert, marks the field invalid and cannot be registered', async () => {
    const portico = await world(5)
    const view = await render(portico, <RegisterAccountNameView />)
    expect(status(view)?.textContent).toBe('At least 4 letters, digits or hyphens')
    const input = view.querySelector('input') as HTMLInputElement
    await type(input, 'ada')
    expect(view.querySelector('[role=alert]')?.textContent).toBe(
      'A name needs at least 4 characters of letters, digits or hyphens',
    )
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(submit(view).disabled).toBe(true)
  })

  it('a free name shows "is available", suggestions as buttons, and picking one checks it', async () => {
    const portico = await world(5)
    const view = await render(portico, <RegisterAccountNameView />)
    const label = uniqueLabel('view')
    await type(view.querySelector('input') as HTMLInputElement, label)
    expect(status(view)?.textContent).toBe(`Checking ${label}.portico.id…`)
    await until(() => status(view)?.getAttribute('data-status') === 'available')
    expect(status(view)?.textContent).toBe(`${label}.portico.id is available`)
    expect(submit(view).disabled).toBe(false)
    expect(submit(view).textContent).toBe(`Register ${label}.portico.id`)
    await until(
      () => view.querySelector('[data-testid=names-suggestions]')?.getAttribute('data-status') === 'ready',
    )
    const chips = [...view.querySelectorAll('[data-testid=names-suggestions] button')] as HTMLButtonElement[]
    expect(chips.length).toBeGreaterThan(0)
    const picked = chips[0]!.textContent!
    await act(async () => chips[0]!.click())
    expect((view.querySelector('input') as HTMLInputElement).value).toBe(picked)
    await until(() => status(view)?.getAttribute('data-status') === 'available')
    expect(status(view)?.textContent).toBe(`${picked} is available`)
  })

  it('a taken name says so and cannot be registered', async () => {
    const label = uniqueLabel('viewtaken')
    await registerDirectly(devnet, gatewayUrl, 7, label)
    const portico = await world(5)
    const view = await render(portico, <RegisterAccountNameView />)
    await type(view.querySelector('input') as HTMLInputElement, label)
    await until(() => status(view)?.getAttribute('data-status') === 'taken')
    expect(status(view)?.textContent).toBe(`${label}.portico.id is taken`)
    expect(submit(view).disabled).toBe(true)
  })

  it('the gateway failing shows the reason and Try again; Try again checks again', async () => {
    const portico = await world(5)
    const real = globalThis.fetch
    let fail = true
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (fail && url.includes('/v1/profile/')) return Promise.resolve(new Response('down', { status: 502 }))
      return real(input, init)
    })
    const view = await render(portico, <RegisterAccountNameView />)
    const label = uniqueLabel('viewerr')
    await type(view.querySelector('input') as HTMLInputElement, label)
    await until(() => view.querySelector('[data-status=error]') !== null)
    expect(view.querySelector('[role=alert]')?.textContent).toBe(
      `Could not check ${label}.portico.id: HTTP status code: 502`,
    )
    fail = false
    const retry = [...view.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!
    await act(async () => retry.click())
    await until(() => status(view)?.getAttribute('data-status') === 'available')
  })

  it('registering signs with the dev wallet, opens RegisterAccountNameSuccess and the profile name is set', async () => {
    const portico = await world(6)
    portico.router.reset('RegisterAccountName')
    const view = await render(portico, <RegisterAccountNameView />)
    const label = uniqueLabel('viewreg')
    await type(view.querySelector('input') as HTMLInputElement, label)
    await until(() => status(view)?.getAttribute('data-status') === 'available')
    await act(async () => submit(view).click())
    await until(() => portico.getState().router.view === 'RegisterAccountNameSuccess')
    expect(portico.getState().router.data).toEqual({ name: `${label}.portico.id` })
    expect(portico.getState().accounts.eip155?.profileName).toBe(`${label}.portico.id`)

    const success = await render(portico, <RegisterAccountNameSuccessView />)
    expect(success.querySelector('[data-testid=names-success-name]')?.textContent).toBe(`${label}.portico.id`)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const copy = [...success.querySelectorAll('button')].find((b) => b.textContent === 'Copy name')!
    await act(async () => copy.click())
    expect(writeText).toHaveBeenCalledWith(`${label}.portico.id`)
    expect(copy.textContent).toBe('Copied')
    const done = [...success.querySelectorAll('button')].find((b) => b.textContent === 'Done')!
    await act(async () => done.click())
    expect(portico.getState().router.view).toBe('Account')
  })

  it('a refused registration shows "success false" as an alert and keeps the name to try again', async () => {
    const portico = await world(5)
    const view = await render(portico, <RegisterAccountNameView />)
    const label = uniqueLabel('viewrace')
    await type(view.querySelector('input') as HTMLInputElement, label)
    await until(() => status(view)?.getAttribute('data-status') === 'available')
    await registerDirectly(devnet, gatewayUrl, 8, label)
    await act(async () => submit(view).click())
    await until(() => view.querySelector('[data-testid=names-registration-error]') !== null)
    expect(view.querySelector('[data-testid=names-registration-error]')?.textContent).toBe(
      `The gateway did not register ${label}.portico.id (success false). Try again or choose another name.`,
    )
    expect(portico.getState().router.view).not.toBe('RegisterAccountNameSuccess')
    expect((view.querySelector('input') as HTMLInputElement).value).toBe(label)
  })

  it("in Spanish, the view and the controller's messages (given as keys) read in Spanish", async () => {
    const portico = await world(5)
    const view = await render(portico, <RegisterAccountNameView />, 'es')
    expect(status(view)?.textContent).toBe('Al menos 4 letras, dígitos o guiones')
    expect(view.querySelector('input')?.getAttribute('placeholder')).toBe('Busca un nombre')
    expect(submit(view).textContent).toBe('Registrar')
    const input = view.querySelector('input') as HTMLInputElement
    await type(input, 'ada')
    expect(view.querySelector('[role=alert]')?.textContent).toBe(
      'Un nombre necesita al menos 4 caracteres entre letras, dígitos o guiones',
    )
    const label = uniqueLabel('vista')
    await type(input, label)
    await until(() => status(view)?.getAttribute('data-status') === 'available')
    expect(status(view)?.textContent).toBe(`${label}.portico.id está disponible`)
    expect(submit(view).textContent).toBe(`Registrar ${label}.portico.id`)
    await until(
      () => view.querySelector('[data-testid=names-suggestions]')?.getAttribute('data-status') === 'ready',
    )
    expect(view.querySelector('[data-testid=names-suggestions] .group-label')?.textContent).toBe(
      'Sugerencias',
    )
  })

  it('in Arabic and Japanese, the SPEC §5 rule and the availability are shown translated', async () => {
    const portico = await world(5)
    const ar = await render(portico, <RegisterAccountNameView />, 'ar')
    await type(ar.querySelector('input') as HTMLInputElement, 'ada')
    expect(ar.querySelector('[role=alert]')?.textContent).toBe(
      'يجب أن يتكوّن الاسم من 4 رموز على الأقل من الحروف أو الأرقام أو الشرطات',
    )
    const ja = await render(portico, <RegisterAccountNameView />, 'ja')
    expect(ja.querySelector('[role=alert]')?.textContent).toBe(
      '名前は英字・数字・ハイフンで 4 文字以上必要です',
    )
    const label = uniqueLabel('namae')
    await type(ja.querySelector('input') as HTMLInputElement, label)
    await until(() => status(ja)?.getAttribute('data-status') === 'available')
    expect(status(ja)?.textContent).toBe(`${label}.portico.id は登録できます`)
    expect(status(ar)?.textContent).toBe(`${label}.portico.id متاح`)
    await until(
      () => ja.querySelector('[data-testid=names-suggestions]')?.getAttribute('data-status') === 'ready',
    )
  })
})
