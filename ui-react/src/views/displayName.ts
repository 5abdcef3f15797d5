import { shortenAddress, shortenEmailForDisplay } from '../format/index.js'

/** The name shown for an account: profile name (emails over 30 chars shortened), else the short address. */
export function displayName(
  profileName: string | undefined,
  email: string | undefined,
  address: string | undefined,
): string {
  const name = profileName ?? email
  if (name) return name.includes('@') ? shortenEmailForDisplay(name) : name
  return shortenAddress(address)
}
