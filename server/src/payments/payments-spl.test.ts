// Payments in an SPL token (the devnet's PUSD mint) on the local SVM (litesvm behind the devnet's
// JSON-RPC), over real HTTP: the gateway measures what the recipient's token accounts gained from
// getTransaction's pre/post token balances; the browser only names a signature.
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const SECRET = 'shop-secret-0123456789'
const q = 'projectId=shop'
const auth = { authorization: `Bearer ${SECRET}` }
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ATA_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
const SYSTEM_PROGRAM = address('11111111111111111111111111111111')

let svm: SolanaDevnet
let t: TestGateway
let dev: KeyPairSigner
beforeAll(async () => {
  svm = await startSolanaDevnet()
  const m = svm.fixtures.splMint
  t = await startTestGateway('sqlite', {
    networks: [
      {
        caipNetworkId: svm.caipNetworkId,
        name: 'Local SVM',
        rpcUrl: svm.rpcUrl,
        tokens: [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }],
      },
    ],
    projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
    payments: { watchIntervalMs: 3_600_000 },
  })
  dev = await createKeyPairSignerFromBytes(svm.fixtures.devKeypairs[0]!.secretKey)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await svm?.stop()
})

const create = (body: Record<string, unknown>) =>
  call(`${t.url}/v1/payments?${q}`, { json: body, headers: auth })
const report = (id: string, txHash: string) =>
  call(`${t.url}/v1/payments/${id}/transactions?${q}`, {
    json: { txHash },
    headers: { origin: 'https://shop.example' },
  })
const read = (id: string) => call(`${t.url}/v1/payments/${id}?${q}`)

/** The associated token account of `owner` for the fixture mint (the address wallets send tokens to). */
async function ata(owner: Address): Promise<Address> {
  const enc = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({
    programAddress: ATA_PROGRAM,
    seeds: [enc.encode(owner), enc.encode(TOKEN_PROGRAM), enc.encode(address(svm.fixtures.splMint.mint))],
  })
  return pda
}

/**
 * Dev 0 sends `amount` base units of PUSD to `to`'s associated token account (opened in the same
 * transaction, as wallets do: ATA program `CreateIdempotent`, then token `TransferChecked`), and
 * `lamports` of SOL beside it when asked.
 */
async function sendPusd(to: string, amount: bigint, lamports = 0n): Promise<string> {
  const m = svm.fixtures.splMint
  const mint = address(m.mint)
  const owner = address(to)
  const dest = await ata(owner)
  const open: Instruction = {
    programAddress: ATA_PROGRAM,
    accounts: [
      { address: dev.address, role: AccountRole.WRITABLE_SIGNER, signer: dev } as never,
      { address: dest, role: AccountRole.WRITABLE },
      { address: owner, role: AccountRole.READONLY },
      { address: mint, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      { address: TOKEN_PROGRAM, role: AccountRole.READONLY },
    ],
    data: new Uint8Array([1]),
  }
  const data = new Uint8Array(10)
  data[0] = 12 // TransferChecked
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = m.decimals
  const transfer: Instruction = {
    programAddress: TOKEN_PROGRAM,
    accounts: [
      { address: address(m.devTokenAccount), role: AccountRole.WRITABLE },
      { address: mint, role: AccountRole.READONLY },
      { address: dest, role: AccountRole.WRITABLE },
      { address: dev.address, role: AccountRole.READONLY_SIGNER, signer: dev } as never,
    ],
    data,
  }
  const sol = new Uint8Array(12)
  new DataView(sol.buffer).setUint32(0, 2, true)
  new DataView(sol.buffer).setBigUint64(4, lamports, true)
  const solTransfer: Instruction = {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: dev.address, role: AccountRole.WRITABLE_SIGNER, signer: dev } as never,
      { address: owner, role: AccountRole.WRITABLE },
    ],
    data: sol,
  }
  const rpc = createSolanaRpc(svm.rpcUrl)
  const lifetime = (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (x) => setTransactionMessageFeePayerSigner(dev, x),
    (x) => setTransactionMessageLifetimeUsingBlockhash(lifetime, x),
    (x) => appendTransactionMessageInstruction(open, x),
    (x) => (amount > 0n ? appendTransactionMessageInstruction(transfer, x) : x),
    (x) => (lamports > 0n ? appendTransactionMessageInstruction(solTransfer, x) : x),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

const freshOwner = async () => (await generateKeyPairSigner()).address as string

describe('payments in an SPL token (PUSD) on the local SVM, verified from getTransaction token balances', () => {
  const terms = async (amount: string, asset = 'PUSD') => ({
    network: svm.caipNetworkId,
    recipient: await freshOwner(),
    asset,
    amount,
  })

  it('paid in full: a TransferChecked to the recipient’s token account pays it (asked by symbol, stored by mint)', async () => {
    const m = svm.fixtures.splMint
    const body = await terms('12.5')
    const created = await create({ ...body, reference: 'pusd-order-1' })
    expect([created.status, created.body.asset]).toEqual([201, { id: m.mint, symbol: 'PUSD', decimals: 6 }])
    const sig = await sendPusd(body.recipient, 12_500_000n)
    const paid = await report(created.body.id, sig)
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({
      status: 'paid',
      recipient: body.recipient,
      transaction: { hash: sig, from: dev.address, paid: '12.5', paidBaseUnits: '12500000' },
    })
  })

  it('underpaid in PUSD: refused with the shortfall in PUSD, nothing recorded', async () => {
    const body = await terms('5')
    const created = await create(body)
    const sig = await sendPusd(body.recipient, 4_250_000n)
    const refused = await report(created.body.id, sig)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 4.25 PUSD of the 5 PUSD asked (0.75 PUSD short)',
    )
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('the wrong asset: SOL for a PUSD payment, and PUSD for a SOL payment, are refused as wrong_asset', async () => {
    const pusd = await terms('1')
    const a = await create(pusd)
    // The token account is opened (rent is SOL to the token account, not the owner) but no PUSD moves; SOL goes to the owner.
    const solOnly = await sendPusd(pusd.recipient, 0n, 1_000_000_000n)
    const wrongA = await report(a.body.id, solOnly)
    expect([wrongA.status, wrongA.body.code]).toEqual([422, 'wrong_asset'])
    const sol = await terms('1', 'native')
    const b = await create(sol)
    const tokenOnly = await sendPusd(sol.recipient, 1_000_000n)
    const wrongB = await report(b.body.id, tokenOnly)
    expect([wrongB.status, wrongB.body.code]).toEqual([422, 'wrong_asset'])
  })

  it('paid twice: one signature never pays two PUSD payments', async () => {
    const body = await terms('0.5')
    const a = await create({ ...body, reference: 'pusd-twice-a' })
    const b = await create({ ...body, reference: 'pusd-twice-b' })
    const sig = await sendPusd(body.recipient, 500_000n)
    expect((await report(a.body.id, sig)).body.status).toBe('paid')
    const reused = await report(b.body.id, sig)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    expect((await read(b.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })
})
