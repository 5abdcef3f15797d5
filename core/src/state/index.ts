export { createDefaultAccountState, createInitialState, resolveNetworks } from './initial.js'
export { createStore, patchObject, type Store } from './store.js'
