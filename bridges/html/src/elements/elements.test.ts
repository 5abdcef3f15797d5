import { afterEach, describe, expect, it } from 'vitest'
import { ElementAlreadyDefinedError, InvalidMountOptionError } from '../errors/index.js'
import { ADDRESS, createTestPortico, modalHosts, text, waitFor } from '../test-helpers/index.js'
import { DEFAULT_ELEMENT_NAMES, definePorticoElements } from './index.js'

const SHORT = `${ADDRESS.slice(0, 6)}…${ADDRESS.slice(-4)}`

afterEach(async () => {
  document.body.innerHTML = ''
  await waitFor(() => modalHosts().length === 0)
})

// Custom element definitions last as long as the page: the first test defines the default names for
// its instance, later tests that define more use names of their own.
describe('definePorticoElements', () => {
  it('defines nothing at import: <portico-button> is unknown until the call', () => {
    expect(customElements.get('portico-button')).toBeUndefined()
    expect(customElements.get('portico-network-button')).toBeUndefined()
  })

  it('defines <portico-button> and <portico-network-button>; elements already in the page upgrade and open the modal', async () => {
    const world = await createTestPortico()
    document.body.innerHTML =
      '<header><portico-button></portico-button><portico-network-button></portico-network-button></header>'
    const names = definePorticoElements(world.portico)
    expect(names).toEqual(DEFAULT_ELEMENT_NAMES)
    const el = document.querySelector('portico-button')!
    const connect = await waitFor(() =>
      el.querySelector<HTMLButtonElement>('[data-portico-button="connect"]'),
    )
    expect(text(connect)).toBe('Connect Wallet')
    const network = await waitFor(() =>
      document.querySelector('portico-network-button [data-portico-button="network"]'),
    )
    expect(text(network)).toContain('Portico Devnet')
    // Two elements, one modal.
    await waitFor(() => modalHosts().length === 1)
    connect.click()
    await waitFor(() => modalHosts()[0]?.shadowRoot?.querySelector('[data-view="Connect"]'))

    await world.connect()
    const account = await waitFor(() => el.querySelector('[data-portico-button="account"]'))
    expect(text(account)).toContain(SHORT)
    expect(text(account)).toContain('ETH')

    // Calling again for the same instance changes nothing and throws nothing.
    expect(definePorticoElements(world.portico)).toEqual(DEFAULT_ELEMENT_NAMES)
  })

  it('label and show-balance attributes are read, and re-read when they change', async () => {
    const world = await createTestPortico()
    definePorticoElements(world.portico, { names: { button: 'attr-button', networkButton: 'attr-network' } })
    document.body.innerHTML = '<attr-button label="Sign in" show-balance="false"></attr-button>'
    const el = document.querySelector('attr-button')!
    await waitFor(() => text(el) === 'Sign in')
    el.setAttribute('label', 'Log in')
    await waitFor(() => text(el) === 'Log in')
    await world.connect()
    const account = await waitFor(() => el.querySelector('[data-portico-button="account"]'))
    expect(account.querySelector('.portico-button-balance')).toBeNull()
    el.removeAttribute('show-balance')
    await waitFor(() => account.ownerDocument.querySelector('attr-button .portico-button-balance'))
  })

  it('an element taken out of the page leaves nothing behind; the modal goes with the last element', async () => {
    const { portico } = await createTestPortico()
    definePorticoElements(portico, { names: { button: 'gone-button', networkButton: 'gone-network' } })
    document.body.innerHTML = '<gone-button></gone-button><gone-network></gone-network>'
    const [a, b] = [document.querySelector('gone-button')!, document.querySelector('gone-network')!]
    await waitFor(() => a.childElementCount === 1 && b.childElementCount === 1 && modalHosts().length === 1)
    a.remove()
    await waitFor(() => a.childElementCount === 0)
    expect(modalHosts()).toHaveLength(1)
    b.remove()
    await waitFor(() => b.childElementCount === 0 && modalHosts().length === 0)
    // Back in the page: rendered again.
    document.body.append(a)
    await waitFor(() => a.querySelector('[data-portico-button="connect"]') && modalHosts().length === 1)
  })

  it('a second instance with its own names gets its own modal and state', async () => {
    const one = await createTestPortico()
    const two = await createTestPortico()
    definePorticoElements(one.portico, { names: { button: 'one-button', networkButton: 'one-network' } })
    definePorticoElements(two.portico, { names: { button: 'two-button', networkButton: 'two-network' } })
    document.body.innerHTML = '<one-button></one-button><two-button></two-button>'
    await waitFor(() => modalHosts().length === 2)
    await one.connect()
    await waitFor(() => document.querySelector('one-button [data-portico-button="account"]'))
    expect(text(document.querySelector('two-button'))).toBe('Connect Wallet')
  })
})

describe('definePorticoElements validation', () => {
  it('a name defined for another instance throws ElementAlreadyDefinedError and defines neither name', async () => {
    const one = await createTestPortico()
    const two = await createTestPortico()
    definePorticoElements(one.portico, { names: { button: 'taken-button', networkButton: 'taken-network' } })
    let error: unknown
    try {
      definePorticoElements(two.portico, {
        names: { button: 'fresh-button', networkButton: 'taken-network' },
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ElementAlreadyDefinedError)
    expect((error as ElementAlreadyDefinedError).code).toBe('ELEMENT_ALREADY_DEFINED')
    expect((error as Error).message).toContain(
      '<taken-network> is already defined for another Portico instance',
    )
    expect(customElements.get('fresh-button')).toBeUndefined()
  })

  it('a name defined by other code on the page is named as such', async () => {
    const { portico } = await createTestPortico()
    customElements.define('other-button', class extends HTMLElement {})
    expect(() =>
      definePorticoElements(portico, { names: { button: 'other-button', networkButton: 'other-network' } }),
    ).toThrow('<other-button> is already defined by other code on this page')
  })

  it.each([
    ['names.button', { button: 'Button' }],
    ['names.button', { button: 'nohyphen' }],
    ['names.networkButton', { networkButton: 'font-face' }],
    ['names', { button: 'same-name', networkButton: 'same-name' }],
  ])('an invalid %s throws InvalidMountOptionError', async (option, names) => {
    const { portico } = await createTestPortico()
    let error: unknown
    try {
      definePorticoElements(portico, { names })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidMountOptionError)
    expect((error as InvalidMountOptionError).option).toBe(option)
  })

  it('bad modal options and a non-instance are refused before anything is defined', async () => {
    const { portico } = await createTestPortico()
    expect(() =>
      definePorticoElements(portico, {
        names: { button: 'x-button', networkButton: 'x-network' },
        themeMode: 'neon' as never,
      }),
    ).toThrow(InvalidMountOptionError)
    expect(() => definePorticoElements({} as never)).toThrow('definePorticoElements expects the instance')
    expect(customElements.get('x-button')).toBeUndefined()
  })
})
