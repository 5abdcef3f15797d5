import Type, { type Static } from 'typebox'

const URL_PATTERN = '^https?://[^\\s]+$'
const Endpoint = Type.String({ pattern: URL_PATTERN, maxLength: 512 })

/**
 * One OAuth provider's app: the client id and secret you registered with it
 * (secrets only here, never in a client). Endpoints default to the provider's
 * published ones (`SOCIAL_PRESETS`); set them to point a provider id at
 * another server (the devnet's local OpenID provider in tests and the demo).
 */
export const SocialProviderConfigSchema = Type.Object(
  {
    clientId: Type.String({ minLength: 1, maxLength: 512 }),
    clientSecret: Type.String({ minLength: 1, maxLength: 2048 }),
    /** The ID token's `iss`; with it the provider is treated as OpenID Connect (ID token verified). */
    issuer: Type.Optional(Endpoint),
    authorizationEndpoint: Type.Optional(Endpoint),
    tokenEndpoint: Type.Optional(Endpoint),
    jwksUri: Type.Optional(Endpoint),
    /** OAuth-only providers (github, discord, x): who the user is comes from here, with the access token. */
    userinfoEndpoint: Type.Optional(Endpoint),
    scope: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
)
export type SocialProviderConfig = Static<typeof SocialProviderConfigSchema>

/** `embeddedWallet.social`: the providers this gateway offers (SPEC §2 list), each with its app credentials. */
export const SocialConfigSchema = Type.Object(
  {
    providers: Type.Object(
      {
        google: Type.Optional(SocialProviderConfigSchema),
        github: Type.Optional(SocialProviderConfigSchema),
        apple: Type.Optional(SocialProviderConfigSchema),
        facebook: Type.Optional(SocialProviderConfigSchema),
        x: Type.Optional(SocialProviderConfigSchema),
        discord: Type.Optional(SocialProviderConfigSchema),
      },
      { additionalProperties: false },
    ),
    /** A sign-in must come back within this (the authorization request's state, nonce and PKCE challenge expire). */
    stateTtlMs: Type.Integer({ minimum: 30_000, maximum: 3_600_000, default: 600_000 }),
    /** Seconds of clock difference accepted on the ID token's `exp`, `nbf` and `iat`. */
    clockSkewSeconds: Type.Integer({ minimum: 0, maximum: 300, default: 60 }),
    /** DEVELOPMENT ONLY: let the JWKS fetch reach 127.0.0.1 (the devnet's local provider). */
    allowLoopback: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
)
export type SocialConfig = Static<typeof SocialConfigSchema>
