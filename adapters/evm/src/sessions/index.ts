export { SESSION_REVOKE_TYPES, SESSIONS_DOMAIN, sessionRevokeTypedData } from './revoke-typed-data.js'
