export { embeddedIpv4, isPublicAddress } from './address-policy.js'
export { type PostJsonOptions, type PostJsonResult, postJson } from './post-json.js'
export {
  EgressError,
  type HostResolver,
  type SafeFetchOptions,
  type SafeFetchResult,
  safeFetch,
  systemResolver,
} from './safe-fetch.js'
