export { embeddedIpv4, isPublicAddress } from './address-policy.js'
export { EgressError, type SafeFetchOptions, type SafeFetchResult, safeFetch } from './safe-fetch.js'
