/** The EIP-712 domain of name registrations (the gateway's `NAMES_DOMAIN`). */
export const NAMES_DOMAIN = { name: 'Portico Names', version: '1' } as const

/** Every field of a registration is signed, `coinType` included (the gateway's `REGISTRATION_TYPES`). */
export const REGISTRATION_TYPES = {
  Registration: [
    { name: 'name', type: 'string' },
    { name: 'owner', type: 'address' },
    { name: 'coinType', type: 'uint32' },
    { name: 'timestamp', type: 'uint64' },
    { name: 'attributes', type: 'string' },
  ],
} as const

/** The fields of a registration: `message` of POST /v1/profile/account is their JSON text. */
export interface RegistrationFields {
  name: string
  address: string
  coin_type: number
  timestamp: number
  attributes?: Record<string, string>
}

/** JSON text with object keys sorted at every level, so the signed attributes text is one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The typed data the wallet signs (`eth_signTypedData_v4`) to register a
 * name on a Portico gateway; the gateway rebuilds it from the posted
 * message and checks the signer is `address`. The timestamp stays a number
 * (epoch ms is far below 2^53) so the typed data is plain JSON.
 *
 * @example
 * const typedData = registrationTypedData({ name: 'ada.portico.id', address, coin_type: 60, timestamp: Date.now() })
 * const signature = await portico.signTypedData({ typedData, namespace: 'eip155' })
 */
export function registrationTypedData(m: RegistrationFields) {
  return {
    domain: NAMES_DOMAIN,
    types: REGISTRATION_TYPES,
    primaryType: 'Registration' as const,
    message: {
      name: m.name,
      owner: m.address as `0x${string}`,
      coinType: m.coin_type,
      timestamp: m.timestamp,
      attributes: canonicalJson(m.attributes ?? {}),
    },
  }
}
