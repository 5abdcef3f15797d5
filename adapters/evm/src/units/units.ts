// EIP-1193 hex quantities, written here so the adapter needs no viem on the first load.
// Amount conversions are core's (`parseUnits` / `formatUnits` from @portico/core).

/** A non-negative integer as an EIP-1193 hex quantity (`0x` + lowercase hex, no padding). */
export function toHexQuantity(value: number | bigint): `0x${string}` {
  if (value < 0) throw new RangeError(`a hex quantity cannot be negative, got ${value}`)
  return `0x${value.toString(16)}`
}
