import * as kit from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { describeSolana, signSolana, solanaSeed, solanaSigner } from './solana.js'
import type { SolanaFrameRequest } from './solana-protocol.js'

const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 7)
const SYSTEM = '11111111111111111111111111111111'
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const COMPUTE = 'ComputeBudget111111111111111111111111111111'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const TO = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SOURCE = '4fYNw3dojWmQ4dXtSGE9epjRGy9pFSx62YypT7avPYvA'
const DEST = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const DELEGATE = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'

const u8 = (n: number) => Uint8Array.of(n)
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))
const le = (n: bigint, bytes: number) =>
  Uint8Array.from({ length: bytes }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn))

/** A transaction compiled by @solana/kit from these instructions, fee payer `payer`, unsigned, base64. */
function compiled(payer: string, instructions: kit.Instruction[]): string {
  const message = kit.pipe(
    kit.createTransactionMessage({ version: 0 }),
    (m) => kit.setTransactionMessageFeePayerSigner(kit.createNoopSigner(kit.address(payer)), m),
    (m) =>
      kit.setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: kit.blockhash('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'),
          lastValidBlockHeight: 1n,
        },
        m,
      ),
    (m) => kit.appendTransactionMessageInstructions(instructions, m),
  )
  return kit.getBase64Decoder().decode(kit.getTransactionEncoder().encode(kit.compileTransaction(message)))
}

const ix = (program: string, accounts: [string, kit.AccountRole][], data: Uint8Array): kit.Instruction => ({
  programAddress: kit.address(program),
  accounts: accounts.map(([a, role]) => ({ address: kit.address(a), role })),
  data,
})

/** The signed wire bytes read back by @solana/kit: the signature checks, and the instructions as the chain sees them. */
async function signedInstructions(wire: string, payer: string) {
  const bytes = kit.getBase64Encoder().encode(wire)
  const tx = kit.getTransactionDecoder().decode(bytes)
  const pair = await kit.createKeyPairFromPrivateKeyBytes(await solanaSeed(secret))
  const signature = tx.signatures[kit.address(payer)] as kit.SignatureBytes
  expect(await kit.verifySignature(pair.publicKey, signature, new Uint8Array(tx.messageBytes))).toBe(true)
  const message = kit.getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  if (!('instructions' in message)) throw new Error(`unexpected message version ${message.version}`)
  const keys = message.staticAccounts
  type Compiled = {
    programAddressIndex: number
    accountIndices?: readonly number[]
    data?: ArrayLike<number>
  }
  return (message.instructions as readonly Compiled[]).map((i) => ({
    program: keys[i.programAddressIndex] as string,
    accounts: (i.accountIndices ?? []).map((n) => keys[n] as string),
    data: new Uint8Array(i.data ?? new Uint8Array()),
  }))
}

const readU64 = (d: Uint8Array, at: number) => kit.getU64Decoder().decode(d, at)
const readU32 = (d: Uint8Array, at: number) => kit.getU32Decoder().decode(d, at)

describe('Solana card: what the card shows is what the signed bytes say (issue 29)', () => {
  it('System transfer, Token TransferChecked and Approve, Compute Budget: each line is read back from the signed transaction; an unlimited approval is a warning', async () => {
    const signer = await solanaSigner(secret)
    const me = signer.address
    const W = kit.AccountRole
    const wire = compiled(me, [
      ix(COMPUTE, [], join(u8(2), le(200_000n, 4))),
      ix(COMPUTE, [], join(u8(3), le(5_000n, 8))),
      ix(
        SYSTEM,
        [
          [me, W.WRITABLE_SIGNER],
          [TO, W.WRITABLE],
        ],
        join(le(2n, 4), le(1_234_567_890n, 8)),
      ),
      ix(
        TOKEN,
        [
          [SOURCE, W.WRITABLE],
          [MINT, W.READONLY],
          [DEST, W.WRITABLE],
          [me, W.READONLY_SIGNER],
        ],
        join(u8(12), le(2_500_000n, 8), u8(6)),
      ),
      ix(
        TOKEN,
        [
          [SOURCE, W.WRITABLE],
          [DELEGATE, W.READONLY],
          [me, W.READONLY_SIGNER],
        ],
        join(u8(4), le(2n ** 64n - 1n, 8)),
      ),
    ])
    const card = describeSolana(
      {
        type: 'solana',
        method: 'solana_signTransaction',
        params: { transaction: wire, pubkey: me },
        chainId: CHAIN,
      } as SolanaFrameRequest,
      me,
    )
    const out = (await signSolana(signer, card)) as { transaction: string }
    const [limit, price, transfer, checked, approve] = await signedInstructions(out.transaction, me)
    if (!limit || !price || !transfer || !checked || !approve) throw new Error('instructions missing')
    // Each value on the card, taken from the signed bytes by kit's own decoders.
    const lamports = readU64(transfer.data, 4)
    expect(readU32(transfer.data, 0)).toBe(2)
    expect(lamports).toBe(1_234_567_890n)
    expect(checked.data[9]).toBe(6)
    expect(card.lines).toEqual([
      `Fee payer: ${me} (this wallet)`,
      `Compute unit limit: ${readU32(limit.data, 1)}`,
      `Priority fee: ${readU64(price.data, 1)} micro-lamports per compute unit`,
      `Send 1.23456789 SOL to ${transfer.accounts[1]}`,
      `Token transfer: 2.5 of mint ${checked.accounts[1]} from token account ${checked.accounts[0]} to token account ${checked.accounts[2]}`,
      `Token approval: ${approve.accounts[1]} may spend ${readU64(approve.data, 1)} of mint (mint not stated: amount in base units) from token account ${approve.accounts[0]}`,
      `Programs: ${COMPUTE}, ${SYSTEM}, ${TOKEN}`,
      `Network: ${CHAIN}`,
    ])
    expect(checked.accounts[2]).toBe(DEST)
    expect(card.warnings).toEqual([`Unlimited approval: ${DELEGATE} may take every token in ${SOURCE}.`])
  })

  it('blind signing is named: an instruction of another program, and a System instruction the card cannot read (Assign), each in a warning with its position', async () => {
    const signer = await solanaSigner(secret)
    const me = signer.address
    const W = kit.AccountRole
    const memo = new TextEncoder().encode('gm')
    const wire = compiled(me, [
      ix(MEMO, [[me, W.READONLY_SIGNER]], memo),
      // System Assign (index 1): gives the account to another program, so the card cannot call it harmless.
      ix(
        SYSTEM,
        [[me, W.WRITABLE_SIGNER]],
        join(le(1n, 4), kit.getAddressEncoder().encode(kit.address(MEMO)) as Uint8Array),
      ),
    ])
    const card = describeSolana(
      {
        type: 'solana',
        method: 'solana_signTransaction',
        params: { transaction: wire, pubkey: me },
        chainId: CHAIN,
      } as SolanaFrameRequest,
      me,
    )
    const signed = await signedInstructions(
      ((await signSolana(signer, card)) as { transaction: string }).transaction,
      me,
    )
    expect(signed.map((s) => s.program)).toEqual([MEMO, SYSTEM])
    expect(card.warnings).toEqual([
      `Blind signature: instruction 1 (${MEMO}, ${memo.length} bytes of data) is not decoded by this wallet. It may move anything this account controls.`,
      `Blind signature: instruction 2 (${SYSTEM}, ${signed[1]?.data.length} bytes of data) is not decoded by this wallet. It may move anything this account controls.`,
    ])
    // Nothing the card reads as a transfer: no line claims one.
    expect(card.lines.some((l) => l.startsWith('Send '))).toBe(false)
  })
})
