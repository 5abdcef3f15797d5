/**
 * Secret redaction for the diagnostics log, applied to every line before it
 * is kept: the file a visitor downloads and attaches to a support ticket must
 * not hand anyone their keys. Shapes are cut on sight, whatever the message:
 * 64-hex private keys, signatures and other long hex, long base58 strings
 * (Solana secret keys and signatures), mnemonic-looking runs of words, bearer
 * and JWT tokens, values of fields named like secrets, and OTP codes; plus
 * the exact strings the integrator declares secret.
 */
const RULES: [RegExp, string | ((m: string, ...g: string[]) => string)][] = [
  // Values of JSON / key=value fields named like secrets (before the shapes below cut parts of them).
  [
    /("?(?:private_?key|secret\w*|password|passphrase|mnemonic|seed(?:_?phrase)?|token|access_?token|refresh_?token|session_?token|authorization|otp)"?\s*[:=]\s*)("[^"]*"|[^\s,}&]+)/gi,
    (_m, key) => `${key}"[redacted]"`,
  ],
  [/\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, '[redacted-jwt]'],
  // Hex: exactly 64 digits is a private key (or a hash; cut anyway); longer is a signature or calldata: keep its head.
  [/\b0x[0-9a-fA-F]{130,}\b/g, (m) => `${m.slice(0, 10)}…[cut ${m.length - 2} hex]`],
  [/\b(0x)?[0-9a-fA-F]{64}\b/g, '[redacted-hex64]'],
  [/\b[1-9A-HJ-NP-Za-km-z]{80,90}\b/g, '[redacted-base58]'],
  // Twelve or more lowercase words of 3 to 8 letters in a row: a BIP-39 phrase.
  [/\b(?:[a-z]{3,8}\s+){11,}[a-z]{3,8}\b/g, '[redacted-mnemonic]'],
  // A 6-digit code after a word that names it ("OTP 123456", "your code is 123456"); error codes (4902) stay.
  [/\b(otp|code|pin)\b([^\d\n]{0,12}?)\d{6}\b/gi, (_m, w, sep) => `${w}${sep}[redacted]`],
]

/** Cuts secrets out of one log line; `secrets` are exact strings (4 characters or more) to remove. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text
  for (const s of secrets) if (s.length >= 4 && out.includes(s)) out = out.split(s).join('[redacted]')
  for (const [re, to] of RULES) out = out.replace(re, to as string)
  return out
}
