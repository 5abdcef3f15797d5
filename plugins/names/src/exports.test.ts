import { expect, it } from 'vitest'
import * as controller from './controller/index.js'
import * as main from './index.js'
import * as react from './react/index.js'

it('the public API is this list of exports', () => {
  expect(Object.keys(main).sort()).toMatchSnapshot()
  expect(Object.keys(react).sort()).toMatchSnapshot()
  expect(Object.keys(controller).sort()).toMatchSnapshot()
})

it('the root export is the registration only: the controller is made on first use', async () => {
  const { registrations } = await import('./plugin.js')
  const { createPortico } = await import('@portico/core')
  const { anvil31337, evmAdapter } = await import('@portico/adapter-evm')
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337] })],
    plugins: [main.namesPlugin()],
  })
  expect(registrations.get(portico)?.controller).toBeUndefined()
  const made = controller.getNamesController(portico)
  expect(made).toBeInstanceOf(controller.NamesController)
  expect(controller.getNamesController(portico)).toBe(made)
  portico.destroy()
})

it('registers both views lazily and a "Choose a name" Account action, translated, for eip155 accounts only', async () => {
  const { createPortico } = await import('@portico/core')
  const { anvil31337, evmAdapter } = await import('@portico/adapter-evm')
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337] })],
    plugins: [main.namesPlugin()],
  })
  expect(portico.getAccountActions()).toEqual([
    {
      id: 'names',
      label: 'Choose a name',
      labels: { es: 'Elige un nombre', zh: '选择名称', ja: '名前を選ぶ', ar: 'اختر اسمًا' },
      view: 'RegisterAccountName',
      namespaces: ['eip155'],
    },
  ])
  const view = await portico.getViewLoader('RegisterAccountName')?.()
  const success = await portico.getViewLoader('RegisterAccountNameSuccess')?.()
  expect(view?.default).toBe(react.RegisterAccountNameView)
  expect(success?.default).toBe(react.RegisterAccountNameSuccessView)
  portico.destroy()
})

it("a host's own action label is shown as given: no translation replaces it", async () => {
  const { createPortico } = await import('@portico/core')
  const { anvil31337, evmAdapter } = await import('@portico/adapter-evm')
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337] })],
    plugins: [main.namesPlugin({ actionLabel: 'Get your name' })],
  })
  expect(portico.getAccountActions()).toEqual([
    { id: 'names', label: 'Get your name', view: 'RegisterAccountName', namespaces: ['eip155'] },
  ])
  portico.destroy()
})
