export { canonicalSignature, NonCanonicalSignatureError } from './canonical.js'
export {
  canonicalJson,
  NAMES_DOMAIN,
  REGISTRATION_TYPES,
  registrationTypedData,
  SESSION_REVOKE_TYPES,
  SESSION_TYPES,
  SESSIONS_DOMAIN,
  sessionRevokeDomain,
  sessionRevokeTypedData,
  sessionTypedData,
} from './typed-data.js'
export { verifyTypedSignature } from './verify.js'
