import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { FARCASTER_DEV_CUSTODY_KEY } from './registry.js'

/** What the dev Farcaster client read from a deep link. */
export interface FarcasterDeepLink {
  channelToken: string
  nonce: string
  domain: string
  siweUri: string
}

/** Reads a relay deep link (`farcaster://connect?channelToken=…&nonce=…&domain=…&siweUri=…`). */
export function parseFarcasterDeepLink(url: string): FarcasterDeepLink {
  const u = new URL(url)
  const get = (k: string) => {
    const v = u.searchParams.get(k)
    if (!v) throw new Error(`Farcaster deep link without ${k}`)
    return v
  }
  return {
    channelToken: get('channelToken'),
    nonce: get('nonce'),
    domain: get('domain'),
    siweUri: get('siweUri'),
  }
}

/**
 * The dev Farcaster client: what the user's Farcaster app does when they
 * approve a sign-in. Reads the channel from the deep link, writes the SIWE
 * message (statement "Farcaster Auth", Chain ID 10, resource
 * `farcaster://fid/N`), signs it with the custody key and posts it to the
 * relay's `/v1/channel/authenticate`. The `tamper` fields exist so tests can
 * play a dishonest client (another domain, chain, nonce or fid).
 */
export async function approveFarcasterSignIn(opts: {
  relayUrl: string
  deepLink: string
  fid: number | bigint
  custodyKey?: Hex
  username?: string
  tamper?: { domain?: string; chainId?: number; nonce?: string; fid?: number; signWith?: Hex }
}): Promise<{ message: string; signature: Hex }> {
  const link = parseFarcasterDeepLink(opts.deepLink)
  const custody = privateKeyToAccount(opts.custodyKey ?? FARCASTER_DEV_CUSTODY_KEY)
  const fid = Number(opts.tamper?.fid ?? opts.fid)
  const message = createSiweMessage({
    domain: opts.tamper?.domain ?? link.domain,
    address: custody.address,
    statement: 'Farcaster Auth',
    uri: link.siweUri,
    version: '1',
    chainId: opts.tamper?.chainId ?? 10,
    nonce: opts.tamper?.nonce ?? link.nonce,
    issuedAt: new Date(),
    resources: [`farcaster://fid/${fid}`],
  })
  const signer = opts.tamper?.signWith ? privateKeyToAccount(opts.tamper.signWith) : custody
  const signature = await signer.signMessage({ message })
  const res = await fetch(new URL('/v1/channel/authenticate', opts.relayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${link.channelToken}` },
    body: JSON.stringify({
      message,
      signature,
      fid,
      custody: custody.address,
      username: opts.username ?? 'portico-dev',
    }),
  })
  if (res.status !== 201) throw new Error(`relay refused the approval (${res.status}: ${await res.text()})`)
  return { message, signature }
}
