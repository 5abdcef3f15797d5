/**
 * Name service over HTTP (SPEC §7 /v1/profile/*): lookups, suggestions and
 * the signed registration. Part of the contract in `api.ts`.
 */

/** GET /v1/profile/account/{name}?apiVersion=2 */
export interface NameRecord {
  name: string
  registered: number
  updated: number
  /** coin type (as string) → address */
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

/** GET /v1/profile/suggestions/{name}?zone */
export interface NameSuggestionsResponse {
  suggestions: { name: string; registered: boolean }[]
}

/** POST /v1/profile/account */
export interface RegisterNameRequest {
  coin_type: number
  address: string
  /** JSON text binding name, address and timestamp (see the server's README). */
  message: string
  signature: string
}

/**
 * The JSON text signed (personal_sign) as `RegisterNameRequest.message`: it
 * binds the name, the address and the time. @portico/server refuses another
 * address, a timestamp outside its window (10 min by default), a reused
 * signature and a name held by another address.
 */
export interface RegisterNameMessage {
  /** Full name in the gateway's zone, e.g. `alice.portico.id`. */
  name: string
  address: string
  /** Epoch milliseconds. */
  timestamp: number
  attributes?: Record<string, string>
}
