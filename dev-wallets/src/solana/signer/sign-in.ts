import type { SolanaSignInInput } from '@solana/wallet-standard-features'

/**
 * Writes the Sign In With Solana text as a wallet does for `solana:signIn`:
 * the header with the domain, the address, the statement between blank
 * lines when there is one, then each given field on its own tagged line.
 */
export function writeSignInText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) text += `\n\n${input.statement}`
  const lines: string[] = []
  const tag = (name: string, value: string | undefined) => {
    if (value) lines.push(`${name}: ${value}`)
  }
  tag('URI', input.uri)
  tag('Version', input.version)
  tag('Chain ID', input.chainId)
  tag('Nonce', input.nonce)
  tag('Issued At', input.issuedAt)
  tag('Expiration Time', input.expirationTime)
  tag('Not Before', input.notBefore)
  tag('Request ID', input.requestId)
  if (input.resources?.length) lines.push(`Resources:${input.resources.map((r) => `\n- ${r}`).join('')}`)
  if (lines.length) text += `\n\n${lines.join('\n')}`
  return text
}
