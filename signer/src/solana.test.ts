import * as kit from '@solana/kit'
import { describe, expect, it, vi } from 'vitest'
import { parseRequest } from './protocol.js'
import { describeSolana, signSolana, solanaExport, solanaSeed, solanaSigner } from './solana.js'
import type { SolanaFrameRequest } from './solana-protocol.js'
import { SOLANA_FRAME_CATALOGUE } from './solana-strings.js'
import { base58Encode, fromBase58, isTransactionMessage, parseTransaction } from './solana-tx.js'

const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const env = (payload: unknown, id = 'r1') => ({ portico: 'embedded-wallet', v: 1, id, payload })

/** A SOL transfer built and compiled by @solana/kit (the adapter's own encoder), unsigned, as base64. */
async function transfer(from: string, to: string, lamports: bigint, version: 'legacy' | 0 = 0) {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const payer = kit.createNoopSigner(kit.address(from))
  const message = kit.pipe(
    kit.createTransactionMessage({ version }),
    (m) => kit.setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      kit.setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: kit.blockhash('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'),
          lastValidBlockHeight: 1n,
        },
        m,
      ),
    (m) =>
      kit.appendTransactionMessageInstruction(
        {
          programAddress: kit.address('11111111111111111111111111111111'),
          accounts: [
            { address: kit.address(from), role: kit.AccountRole.WRITABLE_SIGNER },
            { address: kit.address(to), role: kit.AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
  )
  const bytes = new Uint8Array(kit.getTransactionEncoder().encode(kit.compileTransaction(message)))
  return kit.getBase64Decoder().decode(bytes)
}

const request = (method: SolanaFrameRequest['method'], params: Record<string, string>) =>
  ({ type: 'solana', method, params, chainId: CHAIN }) as SolanaFrameRequest

describe('embedded wallet, Solana key (issue 14: ed25519 for Solana from the same 2-of-3 secret)', () => {
  it('the ed25519 key is HMAC-derived from the split secret: the same keypair @solana/kit makes from that seed, and never the secret itself', async () => {
    const signer = await solanaSigner(secret)
    const seed = await solanaSeed(secret)
    expect(seed).not.toEqual(secret)
    const pair = await kit.createKeyPairFromPrivateKeyBytes(seed)
    expect(signer.address).toBe(await kit.getAddressFromPublicKey(pair.publicKey))
    // A wallet's Solana address never changes across releases: this secret's is pinned.
    expect(signer.address).toMatchInlineSnapshot(`"AN8WsWAVWQs5w9WiCVi2x993jkjy9bCbBoPJdCryBQbb"`)
    const bytes = new TextEncoder().encode('hello')
    const signature = await signer.sign(bytes)
    expect(await kit.verifySignature(pair.publicKey, signature as kit.SignatureBytes, bytes)).toBe(true)
  })

  it('key export: the Solana key is base58 of the 64-byte secret key, the derived seed then its public key, and that public key is the shown address (the form Phantom, Solflare and Backpack import)', async () => {
    const signer = await solanaSigner(secret)
    const exported = await solanaExport(secret)
    if (!exported) throw new Error('Node has Ed25519: the export must carry the Solana key')
    expect(exported.address).toBe(signer.address)
    const bytes = fromBase58(exported.key)
    expect(bytes).toHaveLength(64)
    expect(bytes.subarray(0, 32)).toEqual(await solanaSeed(secret))
    expect(bytes.subarray(32)).toEqual(signer.publicKey)
    expect(base58Encode(bytes.subarray(32))).toBe(exported.address)
    // @solana/kit reads the same 64 bytes as a keypair (it checks the public half against the seed) and signs as this wallet.
    const pair = await kit.createKeyPairFromBytes(bytes)
    expect(await kit.getAddressFromPublicKey(pair.publicKey)).toBe(exported.address)
    const message = new TextEncoder().encode('moved to another wallet')
    const signature = await kit.signBytes(pair.privateKey, message)
    expect(await kit.verifySignature(pair.publicKey, signature, message)).toBe(true)
    // The secret that was exported from is untouched (the caller wipes it).
    expect(secret).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  })

  it('key export in a browser without Ed25519 (WebCrypto NotSupportedError): no Solana key, so the card shows the EVM key alone; any other failure is not hidden', async () => {
    const real = crypto.subtle.importKey.bind(crypto.subtle)
    const refuse = (error: Error) =>
      vi
        .spyOn(crypto.subtle, 'importKey')
        .mockImplementation(((...args: Parameters<typeof real>) =>
          (args[2] as { name?: string }).name === 'Ed25519'
            ? Promise.reject(error)
            : real(...args)) as typeof crypto.subtle.importKey)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      refuse(new DOMException('Unrecognized name.', 'NotSupportedError'))
      expect(await solanaExport(secret)).toBeUndefined()
      expect(warn).toHaveBeenCalledOnce()
      vi.mocked(crypto.subtle.importKey).mockRestore()
      refuse(new Error('boom'))
      await expect(solanaExport(secret)).rejects.toThrow('boom')
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('base58 round-trips, leading zero bytes included', () => {
    for (const bytes of [new Uint8Array(32), Uint8Array.from([0, 0, 1, 2, 255]), secret]) {
      expect(fromBase58(base58Encode(bytes))).toEqual(bytes)
      expect(base58Encode(bytes)).toBe(kit.getBase58Decoder().decode(bytes))
    }
  })

  it('a SOL transfer is shown by fee payer, amount and receiver, program ids and network; signing fills this wallet’s slot and the signature verifies', async () => {
    const signer = await solanaSigner(secret)
    const to = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
    for (const version of ['legacy', 0] as const) {
      const tx = await transfer(signer.address, to, 10_000_000n, version)
      const what = describeSolana(
        request('solana_signTransaction', { transaction: tx, pubkey: signer.address }),
        signer.address,
      )
      expect(what.title).toBe('Sign transaction (Solana)')
      expect(what.lines).toEqual([
        `Fee payer: ${signer.address} (this wallet)`,
        `Send 0.01 SOL to ${to}`,
        'Programs: 11111111111111111111111111111111',
        `Network: ${CHAIN}`,
      ])
      const out = await signSolana(signer, what)
      const wire = Uint8Array.from(Buffer.from((out as { transaction: string }).transaction, 'base64'))
      const decoded = kit.getTransactionDecoder().decode(wire)
      const sig = decoded.signatures[signer.address as kit.Address]
      expect(sig).toBeTruthy()
      const pair = await kit.createKeyPairFromPrivateKeyBytes(await solanaSeed(secret))
      expect(
        await kit.verifySignature(
          pair.publicKey,
          sig as kit.SignatureBytes,
          new Uint8Array(decoded.messageBytes),
        ),
      ).toBe(true)
    }
  })

  it('refuses a transaction that does not need this wallet, a message that is a transaction, and bytes that are not a transaction', async () => {
    const signer = await solanaSigner(secret)
    const other = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
    const foreign = await transfer(other, signer.address, 1n)
    const what = describeSolana(
      request('solana_signTransaction', { transaction: foreign, pubkey: signer.address }),
      signer.address,
    )
    await expect(signSolana(signer, what)).rejects.toThrow(/does not need this wallet/)
    const wire = Buffer.from(foreign, 'base64')
    const message = wire.subarray(1 + 64)
    expect(isTransactionMessage(message)).toBe(true)
    expect(() =>
      describeSolana(
        request('solana_signMessage', { message: base58Encode(message), pubkey: signer.address }),
        signer.address,
      ),
    ).toThrow(/is a transaction/)
    expect(() => parseTransaction(wire.subarray(0, 80))).toThrow(/ends early/)
    expect(() => parseTransaction(Buffer.concat([wire, Buffer.from([0])]))).toThrow(/bytes follow/)
  })

  it('a message shows as text (untrusted text stays text), binary bytes as hex', async () => {
    const signer = await solanaSigner(secret)
    const text = '<img src=x onerror=alert(1)> Sign in'
    const shown = describeSolana(
      request('solana_signMessage', {
        message: base58Encode(new TextEncoder().encode(text)),
        pubkey: signer.address,
      }),
      signer.address,
    )
    expect(shown.details).toEqual([{ label: 'Message', text }])
    const binary = describeSolana(
      request('solana_signMessage', {
        message: base58Encode(Uint8Array.from([0, 1, 2])),
        pubkey: signer.address,
      }),
      signer.address,
    )
    expect(binary.details?.[0]?.text).toBe('000102')
    // Long messages open in full: nothing cut.
    const long = 'y'.repeat(5000)
    const whole = describeSolana(
      request('solana_signMessage', {
        message: base58Encode(new TextEncoder().encode(long)),
        pubkey: signer.address,
      }),
      signer.address,
    )
    expect(whole.details?.[0]?.text).toBe(long)
    const out = await signSolana(signer, shown)
    expect(fromBase58((out as { signature: string }).signature)).toHaveLength(64)
  })
})

describe('signer frame protocol, frame side: Solana requests are schema-checked', () => {
  const pubkey = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
  it('accepts solana_signMessage and solana_signTransaction', () => {
    expect(
      parseRequest(
        env({
          type: 'solana',
          method: 'solana_signMessage',
          params: { message: '3yZe7d', pubkey },
          chainId: CHAIN,
        }),
      )?.request,
    ).toEqual({
      type: 'solana',
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey },
      chainId: CHAIN,
    })
    expect(
      parseRequest(
        env({
          type: 'solana',
          method: 'solana_signTransaction',
          params: { transaction: 'AQID', pubkey },
          chainId: CHAIN,
        }),
      )?.request.type,
    ).toBe('solana')
  })

  it.each([
    ['another method', { method: 'solana_signAllTransactions', params: { transaction: 'AQID', pubkey } }],
    ['a message that is not base58', { method: 'solana_signMessage', params: { message: '0OIl', pubkey } }],
    ['an overlong message', { method: 'solana_signMessage', params: { message: '2'.repeat(5601), pubkey } }],
    [
      'a transaction over one packet',
      { method: 'solana_signTransaction', params: { transaction: 'A'.repeat(1648), pubkey } },
    ],
    ['a bad pubkey', { method: 'solana_signMessage', params: { message: '2', pubkey: '0xabc' } }],
    ['params as a list', { method: 'solana_signMessage', params: ['2', pubkey] }],
  ])('ignores %s', (_name, body) => {
    expect(parseRequest(env({ type: 'solana', chainId: CHAIN, ...body }))).toBeUndefined()
  })

  it('ignores a chain that is not a Solana cluster', () => {
    expect(
      parseRequest(
        env({
          type: 'solana',
          method: 'solana_signMessage',
          params: { message: '2', pubkey },
          chainId: 'eip155:1',
        }),
      ),
    ).toBeUndefined()
  })
})

describe("the signer frame's Solana catalogue", () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
  it.each(Object.entries(SOLANA_FRAME_CATALOGUE))(
    '%s has every key of the English catalogue with the same placeholders',
    (_locale, strings) => {
      const en = SOLANA_FRAME_CATALOGUE.en
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings))
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
    },
  )
})
