import { HttpClient } from '../api/http.js'
import type { CaipNetworkId, ChainNamespace } from '../contracts/index.js'
import type { SiwxSession } from './types.js'

export interface SiwxApiOptions {
  baseUrl: string
  projectId?: string
  sdkType: string
  sdkVersion: string
  fetch?: typeof fetch
}

/** `GET /v1/siwx/nonce`: a one-time value bound to the project and the domain. */
export interface SiwxNonce {
  nonce: string
  /** Epoch ms after which the gateway refuses it. */
  expiresAt: number
}

/** `POST /v1/siwx/verify` body: the signed text and what the chain needs to check it. */
export interface SiwxVerifyBody {
  message: string
  signature: string
  caipNetworkId: CaipNetworkId
  /** 0x-hex public key, for chains whose address does not carry it. */
  publicKey?: string
  /** The key's protobuf type URL, for a key of another kind than the chain's default (cosmos `ethsecp256k1`). */
  publicKeyType?: string
}

interface SessionBody {
  id: string
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId
  issuedAt: number
  expiresAt: number
}

/**
 * The gateway's sign-in endpoints (`/v1/siwx/...`), with the SPEC §7
 * `st`/`sv`/`projectId` query. The session token travels in the
 * `authorization` header only, never in a URL (URLs end up in logs).
 *
 * @example
 * const api = new SiwxApi({ baseUrl, projectId: 'local', sdkType: 'portico', sdkVersion: '1' })
 * const { nonce } = await api.getNonce('example.com')
 */
export class SiwxApi {
  readonly #http: HttpClient

  constructor(options: SiwxApiOptions) {
    this.#http = new HttpClient({
      baseUrl: options.baseUrl,
      params: { st: options.sdkType, sv: options.sdkVersion, projectId: options.projectId },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  }

  getNonce(domain: string): Promise<SiwxNonce> {
    return this.#http.request('GET', '/v1/siwx/nonce', { query: { domain }, dedupe: false })
  }

  async verify(body: SiwxVerifyBody): Promise<SiwxSession> {
    const r = await this.#http.request<{ token: string; session: SessionBody }>('POST', '/v1/siwx/verify', {
      body,
      dedupe: false,
    })
    return { token: r.token, ...r.session }
  }

  async me(token: string): Promise<SiwxSession> {
    const session = await this.#http.request<SessionBody>('GET', '/v1/siwx/me', {
      headers: { authorization: `Bearer ${token}` },
    })
    return { token, ...session }
  }

  signOut(token: string): Promise<{ success: true }> {
    return this.#http.request('POST', '/v1/siwx/signout', {
      headers: { authorization: `Bearer ${token}` },
      body: {},
    })
  }
}
