import { BlockList, isIP } from 'node:net'

/**
 * Ranges an outbound fetch chosen by a stranger must never reach: this
 * host, private networks, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast, reserved and documentation ranges, in IPv4
 * and IPv6. IPv4 embedded in IPv6 (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) is unwrapped and checked as IPv4.
 */
const BLOCKED = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** The IPv4 address inside an IPv6 one (mapped, NAT64, 6to4), or undefined. */
export function embeddedIpv4(address: string): string | undefined {
  const a = address.toLowerCase()
  const dotted = /^(?:::ffff:|64:ff9b::|::ffff:0:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a)
  if (dotted) return dotted[1]
  const words = expandIpv6(a)
  if (!words) return undefined
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  // ::ffff:w6:w7 (mapped) and 64:ff9b::w6:w7 (NAT64)
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return v4(words[6]!, words[7]!)
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return v4(words[6]!, words[7]!)
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!)
  return undefined
}

function expandIpv6(a: string): number[] | undefined {
  if (isIP(a) !== 6 || a.includes('.')) return undefined
  const [head, tail] = a.split('::') as [string, string | undefined]
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array.from({ length: 8 - h.length - t.length }, () => '0')
  const all = [...h, ...fill, ...t]
  return all.length === 8 ? all.map((w) => Number.parseInt(w, 16)) : undefined
}

/**
 * Whether an outbound request may connect to `address` (an IP literal).
 * `allowLoopback` exists for tests only, whose servers listen on 127.0.0.1.
 *
 * @example
 * isPublicAddress('169.254.169.254') // false
 * isPublicAddress('::ffff:10.0.0.1') // false
 */
export function isPublicAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  const family = isIP(address)
  if (family === 0) return false
  const inner = family === 6 ? embeddedIpv4(address) : undefined
  if (inner !== undefined) return isPublicAddress(inner, options)
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (options.allowLoopback && LOOPBACK.check(address, type)) return true
  return !BLOCKED.check(address, type)
}
