import { afterEach, describe, expect, it } from 'vitest'
import {
  AlreadyMountedError,
  InvalidMountOptionError,
  InvalidMountTargetError,
  InvalidPorticoInstanceError,
} from '../errors/index.js'
import { ADDRESS, createTestPortico, modalHosts, text, waitFor } from '../test-helpers/index.js'
import { type MountPorticoOptions, mountPortico } from './index.js'

const SHORT = `${ADDRESS.slice(0, 6)}…${ADDRESS.slice(-4)}`
const unmounts: Array<() => void> = []

function target(): HTMLElement {
  const el = document.createElement('div')
  document.body.appendChild(el)
  return el
}

function mount(...args: Parameters<typeof mountPortico>) {
  const unmount = mountPortico(...args)
  unmounts.push(unmount)
  return unmount
}

afterEach(() => {
  for (const u of unmounts.splice(0)) u()
  document.body.innerHTML = ''
})

describe('mountPortico', () => {
  it('renders "Connect Wallet" into the element before it returns; a click opens the modal on Connect', async () => {
    const { portico } = await createTestPortico()
    const el = target()
    mount(portico, el)
    const button = el.querySelector<HTMLButtonElement>('[data-portico-button="connect"]')
    expect(text(button)).toBe('Connect Wallet')
    expect(button?.getAttribute('aria-haspopup')).toBe('dialog')
    button!.click()
    await waitFor(() => portico.getState().modal.open)
    const dialog = await waitFor(() => modalHosts()[0]?.shadowRoot?.querySelector('[data-view="Connect"]'))
    expect(text(dialog)).toContain('Portico Dev Wallet')
  })

  it('shows the short address and the balance on the button once a wallet connects', async () => {
    const world = await createTestPortico()
    const el = target()
    mount(world.portico, el)
    await world.connect()
    const account = await waitFor(() => el.querySelector('[data-portico-button="account"]'))
    expect(text(account)).toContain(SHORT)
    expect(text(account)).toContain('ETH')
  })

  it('the unmount function removes the button and the modal host, restores the element, and is safe to call twice', async () => {
    const { portico } = await createTestPortico()
    const el = target()
    el.innerHTML = '<span id="mine">kept</span>'
    const unmount = mount(portico, el)
    expect(el.querySelector('[data-portico-button]')).not.toBeNull()
    await waitFor(() => modalHosts().length === 1)
    unmount()
    await waitFor(() => el.querySelector('[data-portico-button]') === null && modalHosts().length === 0)
    expect(el.innerHTML).toBe('<span id="mine">kept</span>')
    expect(() => unmount()).not.toThrow()
    // The element can hold a mount again.
    mount(portico, el)
    expect(el.querySelector('[data-portico-button="connect"]')).not.toBeNull()
  })

  it('two mounts of one instance share one modal, which stays until the last one unmounts', async () => {
    const { portico } = await createTestPortico()
    const a = target()
    const b = target()
    const unmountA = mount(portico, a)
    mount(portico, b, { button: 'network' })
    await waitFor(() => modalHosts().length === 1)
    unmountA()
    await waitFor(() => a.childElementCount === 0)
    expect(modalHosts()).toHaveLength(1)
    b.querySelector<HTMLButtonElement>('[data-portico-button="network"]')!.click()
    await waitFor(() => portico.getState().modal.open)
  })

  it('two instances on one page get a modal each and share nothing', async () => {
    const one = await createTestPortico()
    const two = await createTestPortico()
    const a = target()
    const b = target()
    mount(one.portico, a)
    mount(two.portico, b)
    await waitFor(() => modalHosts().length === 2)
    await one.connect()
    await waitFor(() => a.querySelector('[data-portico-button="account"]'))
    expect(text(b.querySelector('[data-portico-button]'))).toBe('Connect Wallet')
  })

  it('button: "network" | "both" | "none" render the network button, both, or nothing but the modal', async () => {
    const { portico } = await createTestPortico()
    const [n, both, none] = [target(), target(), target()]
    mount(portico, n, { button: 'network' })
    mount(portico, both, { button: 'both' })
    mount(portico, none, { button: 'none' })
    expect(text(n.querySelector('[data-portico-button="network"]'))).toContain('Portico Devnet')
    expect(
      Array.from(both.querySelectorAll('[data-portico-button]')).map((b) =>
        b.getAttribute('data-portico-button'),
      ),
    ).toEqual(['connect', 'network'])
    // Side by side in one aligned row, styled by an adopted sheet (no <style>, no style attribute: strict CSP).
    expect(both.firstElementChild?.className).toBe('portico-html-group')
    const docCss = document.adoptedStyleSheets.flatMap((sh) => Array.from(sh.cssRules).map((r) => r.cssText))
    expect(docCss.join('\n')).toMatch(/\.portico-html-group\s*\{[^}]*gap: 8px/)
    expect(document.querySelector('style, [style]')).toBeNull()
    expect(none.childElementCount).toBe(0)
    await portico.open()
    await waitFor(() => modalHosts()[0]?.shadowRoot?.querySelector('[data-view="Connect"]'))
  })

  it('label, showBalance and className reach the button', async () => {
    const world = await createTestPortico()
    const el = target()
    mount(world.portico, el, { label: 'Sign in', showBalance: false, className: 'mine' })
    const button = el.querySelector('[data-portico-button="connect"]')!
    expect(text(button)).toBe('Sign in')
    expect(button.className).toBe('portico-button mine')
    await world.connect()
    const account = await waitFor(() => el.querySelector('[data-portico-button="account"]'))
    expect(text(account)).toContain(SHORT)
    expect(account.querySelector('.portico-button-balance')).toBeNull()
  })

  it('themeMode, themeVariables and zIndex style the modal', async () => {
    const { portico } = await createTestPortico()
    mount(portico, target(), {
      themeMode: 'dark',
      themeVariables: { '--portico-accent': '#e11d48' },
      zIndex: 5000,
    })
    const host = await waitFor(() => modalHosts()[0])
    await waitFor(() => host.getAttribute('data-theme') === 'dark')
    const css = Array.from(host.shadowRoot!.adoptedStyleSheets)
      .flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText))
      .join('\n')
    expect(css).toContain('#e11d48')
    expect(css).toContain('5000')
  })
})

describe('mountPortico: the instance keeps its modal options', () => {
  it('after its last mount is undone, the next mount still has the theme given before', async () => {
    const { portico } = await createTestPortico()
    const el = target()
    mount(portico, el, { themeMode: 'dark' })
    await waitFor(() => modalHosts()[0]?.getAttribute('data-theme') === 'dark')
    unmounts.pop()!()
    await waitFor(() => modalHosts().length === 0)
    mount(portico, el)
    await waitFor(() => modalHosts()[0]?.getAttribute('data-theme') === 'dark')
  })
})

describe('mountPortico validation: a clear typed error, nothing rendered, nothing lost', () => {
  it('a selector string, null or a text node is not an element (InvalidMountTargetError)', async () => {
    const { portico } = await createTestPortico()
    const bad: unknown[] = ['#wallet', null, undefined, document.createTextNode('x'), {}]
    for (const value of bad) {
      expect(() => mountPortico(portico, value as Element)).toThrow(InvalidMountTargetError)
    }
    const err = (() => {
      try {
        mountPortico(portico, '#wallet' as unknown as Element)
      } catch (e) {
        return e as InvalidMountTargetError
      }
    })()!
    expect(err.code).toBe('INVALID_MOUNT_TARGET')
    expect(err.message).toContain('not the selector itself')
    expect(modalHosts()).toHaveLength(0)
  })

  it('something other than a Portico instance is refused (InvalidPorticoInstanceError)', () => {
    const el = target()
    for (const value of [undefined, null, {}, { getState: () => ({}) }, 'portico']) {
      expect(() => mountPortico(value as never, el)).toThrow(InvalidPorticoInstanceError)
    }
    expect(el.childElementCount).toBe(0)
  })

  it('an element already mounted, by this or another instance, throws AlreadyMountedError and keeps the first mount', async () => {
    const one = await createTestPortico()
    const two = await createTestPortico()
    const el = target()
    mount(one.portico, el, { label: 'First' })
    expect(() => mountPortico(one.portico, el)).toThrow(AlreadyMountedError)
    expect(() => mountPortico(two.portico, el)).toThrow(AlreadyMountedError)
    expect(text(el)).toBe('First')
    expect(modalHosts()).toHaveLength(1)
  })

  it.each<[string, MountPorticoOptions]>([
    ['button', { button: 'large' as never }],
    ['label', { label: '  ' }],
    ['showBalance', { showBalance: 'no' as never }],
    ['className', { className: 3 as never }],
    ['themeMode', { themeMode: 'blue' as never }],
    ['zIndex', { zIndex: Number.NaN }],
    ['themeVariables', { themeVariables: { color: 'red' } as never }],
    ['themeVariables["--portico-accent"]', { themeVariables: { '--portico-accent': 1 } as never }],
    ['options', 'wide' as never],
  ])('a bad %s throws InvalidMountOptionError naming it', async (option, options) => {
    const { portico } = await createTestPortico()
    const el = target()
    let error: unknown
    try {
      mountPortico(portico, el, options)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidMountOptionError)
    expect((error as InvalidMountOptionError).option).toBe(option)
    expect((error as Error).message).toContain(`Invalid option "${option}"`)
    expect(el.childElementCount).toBe(0)
    // Nothing was taken: the element mounts fine afterwards.
    mount(portico, el)
    expect(el.querySelector('[data-portico-button="connect"]')).not.toBeNull()
  })
})
