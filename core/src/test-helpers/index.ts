export * from './fakeAdapter.js'
export * from './fakeConnectorProvider.js'
