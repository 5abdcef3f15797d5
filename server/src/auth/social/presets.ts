import type { SocialProvider } from '@portico/core'
import type { SocialProviderConfig } from './config.js'

/** A provider's published endpoints and the scope asked for. */
export interface ProviderEndpoints {
  issuer?: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri?: string
  userinfoEndpoint?: string
  scope: string
}

/**
 * The endpoints each SPEC §2 provider publishes. google and apple are
 * OpenID Connect (an ID token, verified against their JWKS); github, discord,
 * x and facebook are plain OAuth 2.0 (the account id comes from their user
 * endpoint, read with the access token). No test or demo contacts these.
 */
export const SOCIAL_PRESETS: Readonly<Record<SocialProvider, ProviderEndpoints>> = {
  google: {
    issuer: 'https://accounts.google.com',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
    scope: 'openid email profile',
  },
  apple: {
    issuer: 'https://appleid.apple.com',
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    jwksUri: 'https://appleid.apple.com/auth/keys',
    scope: 'openid',
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scope: 'read:user',
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify',
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name',
    scope: 'public_profile',
  },
}

/** The preset with the operator's overrides; an `issuer` override without endpoints keeps the preset's. */
export function resolveEndpoints(provider: SocialProvider, config: SocialProviderConfig): ProviderEndpoints {
  const p = SOCIAL_PRESETS[provider]
  const oidc =
    config.issuer !== undefined || (p.issuer !== undefined && config.userinfoEndpoint === undefined)
  const out: ProviderEndpoints = {
    authorizationEndpoint: config.authorizationEndpoint ?? p.authorizationEndpoint,
    tokenEndpoint: config.tokenEndpoint ?? p.tokenEndpoint,
    scope: config.scope ?? p.scope,
  }
  const issuer = config.issuer ?? p.issuer
  const jwksUri = config.jwksUri ?? p.jwksUri
  const userinfo = config.userinfoEndpoint ?? p.userinfoEndpoint
  if (oidc && issuer && jwksUri) {
    out.issuer = issuer
    out.jwksUri = jwksUri
  } else if (userinfo) out.userinfoEndpoint = userinfo
  return out
}
