export * from './fakeAdapter.js'
