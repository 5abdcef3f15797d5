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

it('registers both views lazily and a "Choose a name" Account action for eip155 accounts only', async () => {
  const { createPortico } = await import('@portico/core')
  const { anvil31337, evmAdapter } = await import('@portico/adapter-evm')
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337] })],
    plugins: [main.namesPlugin()],
  })
  expect(portico.getAccountActions()).toEqual([
    { id: 'names', label: 'Choose a name', view: 'RegisterAccountName', namespaces: ['eip155'] },
  ])
  const view = await portico.getViewLoader('RegisterAccountName')?.()
  const success = await portico.getViewLoader('RegisterAccountNameSuccess')?.()
  expect(view?.default).toBe(react.RegisterAccountNameView)
  expect(success?.default).toBe(react.RegisterAccountNameSuccessView)
  portico.destroy()
})
