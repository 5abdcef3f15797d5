import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAMPORTS_PER_SOL, type SolanaDevnet, startSolanaDevnet } from './index.js'

let devnet: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc<`http://${string}`>>
let dev: KeyPairSigner

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnet.rpcUrl as `http://${string}`)
  dev = await createKeyPairSignerFromBytes(devnet.fixtures.devKeypairs[0]!.secretKey)
})
afterAll(() => devnet?.stop())

async function transfer(
  to: string,
  amount: bigint,
  blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint },
) {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(dev, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: dev, destination: address(to), amount: lamports(amount) }),
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

describe('local SVM JSON-RPC server (litesvm behind @solana/kit)', () => {
  it('listens on 127.0.0.1 on a port chosen by the OS', () => {
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.port).toBeGreaterThan(0)
  })

  it('fixtures are deterministic: same addresses, genesis hash and CAIP-2 id on every start', async () => {
    const other = await startSolanaDevnet()
    try {
      expect(other.fixtures.devKeypairs.map((k) => k.address)).toEqual(
        devnet.fixtures.devKeypairs.map((k) => k.address),
      )
      expect(other.fixtures.splMint.mint).toBe(devnet.fixtures.splMint.mint)
      expect(other.genesisHash).toBe(devnet.genesisHash)
      expect(devnet.caipNetworkId).toBe(`solana:${devnet.genesisHash.slice(0, 32)}`)
      expect(await rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    } finally {
      await other.stop()
    }
  })

  it('the dev keypair is funded and its secret key signs for its address', async () => {
    const { value } = await rpc.getBalance(dev.address).send()
    expect(value).toBe(1000n * LAMPORTS_PER_SOL)
    expect(dev.address).toBe(devnet.fixtures.devKeypairs[0]!.address)
  })

  it('getTokenAccountsByOwner (jsonParsed) shows the SPL fixture with its decimals', async () => {
    const { mint, decimals, devTokenAccount, devTokenAmount } = devnet.fixtures.splMint
    const { value } = await rpc
      .getTokenAccountsByOwner(dev.address, { mint }, { encoding: 'jsonParsed' })
      .send()
    expect(value).toHaveLength(1)
    expect(value[0]!.pubkey).toBe(devTokenAccount)
    const info = value[0]!.account.data.parsed.info
    expect(info.mint).toBe(mint)
    expect(info.owner).toBe(dev.address)
    expect(info.tokenAmount).toEqual({
      amount: devTokenAmount.toString(),
      decimals,
      uiAmount: 1234.5,
      uiAmountString: '1234.5',
    })
    const mintInfo = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    expect(mintInfo.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6 } },
    })
    const supply = await rpc.getTokenSupply(mint).send()
    expect(supply.value.uiAmountString).toBe('1234.5')
  })

  it('a signed SOL transfer lands: balances move, the status is finalized, the blockhash rotates', async () => {
    const to = devnet.fixtures.devKeypairs[2]!.address
    const before = (await rpc.getBalance(to).send()).value
    const hashBefore = (await rpc.getLatestBlockhash().send()).value.blockhash
    const signature = await transfer(to, 1_500_000_000n)
    const statuses = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await rpc.getBalance(to).send()).value).toBe(before + 1_500_000_000n)
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(hashBefore)
    // The previous blockhash is still inside the validity window.
    expect((await rpc.isBlockhashValid(hashBefore).send()).value).toBe(true)
  })

  it('history: getSignaturesForAddress (newest first) and getTransaction with fee and balances', async () => {
    const to = devnet.fixtures.devKeypairs[1]!.address
    const first = await transfer(to, 1_000n)
    const second = await transfer(to, 2_000n)
    const list = await rpc.getSignaturesForAddress(address(to), { limit: 2 }).send()
    expect(list.map((s) => s.signature)).toEqual([second, first])
    expect(list[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const before = await rpc.getSignaturesForAddress(address(to), { before: second, limit: 1 }).send()
    expect(before.map((s) => s.signature)).toEqual([first])

    const tx = await rpc
      .getTransaction(second, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(tx?.version).toBe(0)
    expect(tx?.meta?.fee).toBe(5000n)
    const keys = tx!.transaction.message.accountKeys
    const payer = keys.indexOf(dev.address)
    const dest = keys.indexOf(address(to))
    expect(tx!.meta!.preBalances[payer]! - tx!.meta!.postBalances[payer]!).toBe(2_000n + 5000n)
    expect(tx!.meta!.postBalances[dest]! - tx!.meta!.preBalances[dest]!).toBe(2_000n)
    expect(tx!.transaction.signatures).toEqual([second])
    // A v0 transaction needs maxSupportedTransactionVersion, as on a real node.
    await expect(rpc.getTransaction(second).send()).rejects.toMatchObject({ context: { __code: -32015 } })
  })

  it('history: getTransaction reports pre/post token balances (mint, owner, amount) of an SPL transfer', async () => {
    const m = devnet.fixtures.splMint
    const owner = address(devnet.fixtures.devKeypairs[2]!.address)
    const mint = address(m.mint)
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const lifetime = (await rpc.getLatestBlockhash().send()).value
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (msg) => setTransactionMessageFeePayerSigner(dev, msg),
      (msg) => setTransactionMessageLifetimeUsingBlockhash(lifetime, msg),
      (msg) =>
        appendTransactionMessageInstruction(
          getCreateAssociatedTokenIdempotentInstruction({ payer: dev, ata, owner, mint }),
          msg,
        ),
      (msg) =>
        appendTransactionMessageInstruction(
          getTransferCheckedInstruction({
            source: address(m.devTokenAccount),
            mint,
            destination: ata,
            authority: dev,
            amount: 2_500_000n,
            decimals: m.decimals,
          }),
          msg,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    const mine = (list: readonly { owner?: string; mint: string; uiTokenAmount: { amount: string } }[]) =>
      Object.fromEntries(list.filter((b) => b.mint === m.mint).map((b) => [b.owner, b.uiTokenAmount.amount]))
    const pre = mine(tx!.meta!.preTokenBalances ?? [])
    const post = mine(tx!.meta!.postTokenBalances ?? [])
    expect(pre[owner]).toBeUndefined()
    expect(post[owner]).toBe('2500000')
    expect(BigInt(pre[dev.address]!) - BigInt(post[dev.address]!)).toBe(2_500_000n)
  })

  it('rejects a replayed transaction and an unknown blockhash with the node error code -32002', async () => {
    const lifetime = (await rpc.getLatestBlockhash().send()).value
    const to = devnet.fixtures.devKeypairs[1]!.address
    await transfer(to, 1234n, lifetime)
    await expect(transfer(to, 1234n, lifetime)).rejects.toMatchObject({ context: { __code: -32002 } })
    const bogus = { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n }
    await expect(transfer(to, 1n, bogus)).rejects.toMatchObject({ context: { __code: -32002 } })
  })

  it('a transfer beyond the balance fails preflight and changes nothing', async () => {
    const before = (await rpc.getBalance(dev.address).send()).value
    await expect(
      transfer(devnet.fixtures.devKeypairs[1]!.address, 10_000n * LAMPORTS_PER_SOL),
    ).rejects.toThrow()
    expect((await rpc.getBalance(dev.address).send()).value).toBe(before)
  })

  it('requestAirdrop funds a fresh address', async () => {
    const fresh = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    const signature = await rpc.requestAirdrop(fresh, lamports(2n * LAMPORTS_PER_SOL)).send()
    const statuses = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses.value[0]?.err).toBeNull()
    expect((await rpc.getBalance(fresh).send()).value).toBe(2n * LAMPORTS_PER_SOL)
  })

  it('answers rent exemption, fees and unknown methods like a node', async () => {
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    const { blockhash } = (await rpc.getLatestBlockhash().send()).value
    // A legacy message: header (1 signature), 1 key, then the blockhash.
    const message = (hash: Uint8Array) =>
      Buffer.concat([Buffer.from([1, 0, 0, 1]), Buffer.alloc(32, 7), hash, Buffer.from([0])])
    const fee = (hash: Uint8Array) => rpc.getFeeForMessage(message(hash).toString('base64') as never).send()
    expect((await fee(getBase58Encoder().encode(blockhash) as Uint8Array)).value).toBe(5000n)
    expect((await fee(new Uint8Array(32))).value).toBeNull()
    const res = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      ]),
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: eth_chainId' } },
    ])
  })
})
