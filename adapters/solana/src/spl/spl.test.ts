import {
  AmountExceedsBalanceError,
  createMemoryStorage,
  createPortico,
  type Portico,
  type SendToken,
  walletStandardConnectorId,
} from '@portico/core'
import { deterministicKeypair, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { type Address, address, createSolanaRpc } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter } from '../adapter/index.js'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaLocalnet } from '../networks/index.js'
import { installWindow } from '../test-helpers/context.js'
import { InsufficientSolForFeeError, InvalidSplMintError, ReceiverIsTokenAccountError } from './index.js'

// A classic token account is 165 bytes; its rent-exempt minimum is what opening one locks.
const TOKEN_ACCOUNT_SIZE = 165n

let uninstallWindow: () => void
let devnet: SolanaDevnet
let dev: SolanaDevWallet
let unregister: () => void
let portico: Portico
let rpc: ReturnType<typeof createSolanaRpc>
let pusd: SendToken
let mint: Address
let sender: Address

/** A wallet that holds nothing yet (no SOL, no token account). */
const fresh = (label: string) => deterministicKeypair(`portico-spl-test-${label}`).address

async function tokenBalance(owner: Address, ofMint = mint): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: ofMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()
  if (!value) return 0n
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}

async function lamports(owner: Address): Promise<bigint> {
  return (await rpc.getBalance(owner).send()).value
}

async function tokenAccounts(owner: Address): Promise<number> {
  const { value } = await rpc
    .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
    .send()
  return value.length
}

/** Writes a token account of `ofMint` holding `amount` for `owner` (at its associated address), as the devnet seeds one. */
async function seedTokenAccount(owner: Address, ofMint: Address, amount: bigint): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: ofMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const data = getTokenEncoder().encode({
    mint: ofMint,
    owner,
    amount,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  })
  devnet.svm.setAccount({
    address: ata,
    lamports: devnet.svm.minimumBalanceForRentExemption(BigInt(data.length)) as never,
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    data: new Uint8Array(data),
    space: BigInt(data.length),
  })
  return ata
}

function setLamports(owner: Address, value: bigint) {
  devnet.svm.setAccount({
    address: owner,
    lamports: value as never,
    programAddress: address('11111111111111111111111111111111'),
    executable: false,
    data: new Uint8Array(0),
    space: 0n,
  })
}

beforeAll(async () => {
  uninstallWindow = installWindow()
  devnet = await startSolanaDevnet()
  rpc = createSolanaRpc(devnet.rpcUrl)
  mint = devnet.fixtures.splMint.mint
  sender = devnet.fixtures.devKeypairs[0]!.address
  dev = await createSolanaDevWallet({
    secretKeys: [devnet.fixtures.devKeypairs[0]!.secretKey],
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  const local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  portico = createPortico({
    adapters: [
      solanaAdapter({
        networks: [local],
        tokens: [{ mint, symbol: 'PUSD', name: 'Portico USD' }],
        discover: true,
      }),
    ],
    storage: createMemoryStorage(),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  })
  await portico.ready
  unregister = dev.register()
  const id = walletStandardConnectorId(dev.wallet)
  const end = Date.now() + 5000
  while (!portico.getState().connectors.some((c) => c.id === id)) {
    if (Date.now() > end) throw new Error('the dev wallet did not appear')
    await new Promise((r) => setTimeout(r, 10))
  }
  await portico.connect(id, { namespace: 'solana' })
  pusd = { token: mint, decimals: 6, symbol: 'PUSD', value: devnet.fixtures.splMint.devTokenAmount }
})

afterAll(async () => {
  portico?.destroy()
  unregister?.()
  await devnet?.stop()
  uninstallWindow?.()
})

// Each send is prepared (reads the mint and accounts), signed, sent and read back: give it time on a busy machine.
describe('SPL send through portico.send on the local SVM', { timeout: 90_000 }, () => {
  const receiver = fresh('receiver')

  it('a receiver without a token account: the fee preview adds its rent (labelled), the account is opened and the tokens move exactly', async () => {
    const rent = await rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send()
    const prepared = await portico.prepareSend({ token: pusd, amount: '12.5', to: receiver })
    expect(prepared.amount).toBe(12_500_000n)
    expect(prepared.fee?.accountDeposit?.value).toBe(rent)
    expect(prepared.fee?.value).toBe(rent + 5000n) // one signature at 5000 lamports, plus the rent
    expect(prepared.fee?.symbol).toBe('SOL')

    const [solBefore, tokensBefore] = await Promise.all([lamports(sender), tokenBalance(sender)])
    const hash = await portico.send({ token: pusd, amount: '12.5', to: receiver })
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await tokenBalance(receiver)).toBe(12_500_000n)
    expect(await tokenBalance(sender)).toBe(tokensBefore - 12_500_000n)
    expect(await lamports(sender)).toBe(solBefore - rent - 5000n)
    expect(await tokenAccounts(receiver)).toBe(1)
  })

  it('a second send to the same receiver opens nothing: no rent in the fee, still one token account', async () => {
    const prepared = await portico.prepareSend({ token: pusd, amount: '0.5', to: receiver })
    expect(prepared.fee?.accountDeposit).toBeUndefined()
    expect(prepared.fee?.value).toBe(5000n)
    const solBefore = await lamports(sender)
    await portico.send({ token: pusd, amount: '0.5', to: receiver })
    expect(await tokenBalance(receiver)).toBe(13_000_000n)
    expect(await lamports(sender)).toBe(solBefore - 5000n)
    expect(await tokenAccounts(receiver)).toBe(1)
  })

  it('a token account of the same mint as receiver: the tokens land in it, nothing is opened', async () => {
    const [ata] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const prepared = await portico.prepareSend({ token: pusd, amount: '1', to: ata })
    expect(prepared.fee?.accountDeposit).toBeUndefined()
    await portico.send({ token: pusd, amount: '1', to: ata })
    expect(await tokenBalance(receiver)).toBe(14_000_000n)
    expect(await tokenAccounts(receiver)).toBe(1)
  })

  it('Max on an SPL token is the whole token balance (the SOL fee is paid apart)', async () => {
    const held = await tokenBalance(sender)
    const max = await portico.getMaxSendAmount({ token: { ...pusd, value: held }, to: receiver })
    expect(max).toBe(held)
  })

  it('a token account of another mint as receiver is refused (ReceiverIsTokenAccountError), nothing sent', async () => {
    const otherMint = deterministicKeypair('portico-spl-test-other-mint').address
    const data = getMintEncoder().encode({
      mintAuthority: sender,
      supply: 0n,
      decimals: 2,
      isInitialized: true,
      freezeAuthority: null,
    })
    devnet.svm.setAccount({
      address: otherMint,
      lamports: devnet.svm.minimumBalanceForRentExemption(BigInt(data.length)) as never,
      programAddress: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      data: new Uint8Array(data),
      space: BigInt(data.length),
    })
    const foreign = await seedTokenAccount(fresh('foreign-owner'), otherMint, 0n)
    const before = await tokenBalance(sender)
    await expect(portico.prepareSend({ token: pusd, amount: '1', to: foreign })).rejects.toBeInstanceOf(
      ReceiverIsTokenAccountError,
    )
    // A mint is not a wallet either.
    await expect(portico.send({ token: pusd, amount: '1', to: otherMint })).rejects.toMatchObject({
      code: 'RECEIVER_IS_TOKEN_ACCOUNT',
    })
    expect(await tokenBalance(sender)).toBe(before)
  })

  it('a mint that is not a mint (a wallet, or no account at all) is refused (InvalidSplMintError), nothing sent', async () => {
    const before = await tokenBalance(sender)
    const notAMint = { ...pusd, token: devnet.fixtures.devKeypairs[1]!.address }
    await expect(portico.send({ token: notAMint, amount: '1', to: receiver })).rejects.toBeInstanceOf(
      InvalidSplMintError,
    )
    const nothing = { ...pusd, token: fresh('no-such-mint') }
    await expect(portico.send({ token: nothing, amount: '1', to: receiver })).rejects.toMatchObject({
      code: 'INVALID_SPL_MINT',
      shortMessage: 'Invalid token mint',
    })
    const garbage = { ...pusd, token: 'not-a-mint' }
    await expect(portico.prepareSend({ token: garbage, amount: '1', to: receiver })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    })
    expect(await tokenBalance(sender)).toBe(before)
  })

  it('more tokens than the token account holds are refused before the wallet is asked', async () => {
    const held = await tokenBalance(sender)
    await expect(
      portico.prepareSend({ token: { ...pusd, value: undefined }, amount: '100000', to: receiver }),
    ).rejects.toBeInstanceOf(AmountExceedsBalanceError)
    expect(await tokenBalance(sender)).toBe(held)
  })
})

describe('SOL short for the fee of an SPL send', { timeout: 90_000 }, () => {
  it('SOL that covers the fee but not the rent of the receiver’s new account: InsufficientSolForFeeError naming the rent', async () => {
    const adapter = solanaAdapter({
      networks: [solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })],
    })
    const { createTestContext } = await import('../test-helpers/context.js')
    await adapter.setup(createTestContext().ctx)
    const poor = fresh('poor-sender')
    await seedTokenAccount(poor, mint, 5_000_000n)
    setLamports(poor, 10_000n)
    const error = await Promise.resolve(
      adapter.transferRequest!({
        from: poor,
        to: fresh('poor-receiver'),
        caipNetworkId: devnet.caipNetworkId,
        token: mint,
        amount: 1_000_000n,
      }),
    ).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InsufficientSolForFeeError)
    expect(error).toMatchObject({
      code: 'INSUFFICIENT_SOL_FOR_FEE',
      shortMessage: 'Not enough SOL for the fee',
    })
    expect((error as Error & { details?: string }).details).toMatch(/opens the receiver's token account/)
    // With no SOL at all even a transfer to an existing account is refused.
    setLamports(poor, 0n)
    await expect(
      adapter.transferRequest!({
        from: poor,
        to: sender,
        caipNetworkId: devnet.caipNetworkId,
        token: mint,
        amount: 1_000_000n,
      }),
    ).rejects.toBeInstanceOf(InsufficientSolForFeeError)
    expect(await tokenBalance(poor)).toBe(5_000_000n)
    adapter.destroy?.()
  })
})
