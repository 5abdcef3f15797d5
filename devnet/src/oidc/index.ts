export {
  type LocalOidcProvider,
  OIDC_TEST_USERS,
  type OidcTestClient,
  type OidcTestUser,
  startOidcProvider,
} from './provider.js'
