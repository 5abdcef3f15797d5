export {
  SESSION_REVOKE_TYPES,
  SESSIONS_DOMAIN,
  sessionRevokeDomain,
  sessionRevokeTypedData,
} from './revoke-typed-data.js'
