export {
  approveFarcasterSignIn,
  type FarcasterDeepLink,
  parseFarcasterDeepLink,
} from './client.js'
export {
  FARCASTER_DEV_CUSTODY,
  FARCASTER_DEV_CUSTODY_KEY,
  fidOf,
  ID_REGISTRY_ADDRESS,
  idRegistryArtifact,
  installIdRegistry,
} from './registry.js'
export { type FarcasterApproval, type LocalFarcasterRelay, startFarcasterRelay } from './relay.js'
