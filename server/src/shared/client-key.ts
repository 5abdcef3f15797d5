import { isIPv4, isIPv6 } from 'node:net'

/**
 * The rate-limit identity of a client address. IPv4 is kept whole; IPv6 is
 * cut to its /64 prefix, since one subscriber usually gets a whole /64 and
 * could otherwise rotate through addresses for free. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip
  const bare = ip.split('%')[0] ?? ip
  if (!isIPv6(bare)) return ip
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  if (mapped?.[1]) return mapped[1]
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase()
  // A trailing dotted IPv4 part is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0')
  return [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16).toString(16))
}
