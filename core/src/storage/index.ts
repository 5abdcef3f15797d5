export {
  type CookieStorageOptions,
  createCookieStorage,
  createLocalStorage,
  createMemoryStorage,
  DEFAULT_STORAGE_PREFIX,
  type KeyValueBackend,
  resolveStorage,
} from './storage.js'
