import {
  type BundlerProcess,
  type EvmDevnet,
  startBundler,
  startEvmDevnet,
  stopBundler,
  toDevnetSimpleAccount,
} from '@portico/devnet'
import pg from 'pg'
import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  toHex,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  type SmartAccount,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { encodePaymasterData, parseUserOperation, verifyingPaymasterHash } from './user-operation.js'

// Real anvil, the real EntryPoint v0.7 / SimpleAccount / VerifyingPaymaster artifacts, a real
// @pimlico/alto bundler, and the gateway over HTTP on PostgreSQL.
let evm: EvmDevnet
let bundler: BundlerProcess
let t: TestGateway
let client: PublicClient
const chain = defineChain({
  id: 31337,
  name: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
})
const rpcUrl = (projectId: string, chainId = 'eip155:31337') =>
  `${t.url}/v1?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`
const owner = (n: number) => privateKeyToAccount(toHex(0xa11ce00n + BigInt(n), { size: 32 }))
const recipient = privateKeyToAccount(toHex(0xb0bn, { size: 32 })).address

beforeAll(async () => {
  evm = await startEvmDevnet()
  bundler = await startBundler({ rpcUrl: evm.chains[0]!.rpcUrl, chainId: 31337 })
  const aa = evm.fixtures.accountAbstraction
  const usdc = evm.fixtures.tokens[0]!.address
  t = await startTestGateway('postgres', {
    networks: evm.chains.map((c) => ({ caipNetworkId: `eip155:${c.chainId}`, rpcUrl: c.rpcUrl })),
    projects: [
      { id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] },
      { id: 'tight', name: 'Tight', allowedOrigins: ['http://localhost:*'] },
    ],
    rpc: { rankIntervalMs: 0 },
    paymaster: {
      signerKey: aa.paymasterSignerKey,
      chains: [
        {
          chainId: 'eip155:31337',
          bundlerUrl: bundler.url,
          entryPoint: aa.entryPoint,
          paymaster: aa.verifyingPaymaster,
        },
      ],
      policies: [
        {
          projectId: 'local',
          chains: ['eip155:31337'],
          targets: 'any',
          perAccountPerDay: '0.05',
          perDay: '1',
        },
        {
          projectId: 'tight',
          chains: ['eip155:31337'],
          targets: [{ address: usdc, selectors: ['0xa9059cbb'] }],
          perAccountPerDay: '0.000001',
          perDay: '1',
        },
      ],
    },
  })
  client = createPublicClient({ chain, transport: http(evm.chains[0]!.rpcUrl), pollingInterval: 50 })
}, 120_000)

afterAll(async () => {
  await t?.close()
  if (bundler) await stopBundler(bundler)
  await evm?.stop()
})

/** A user operation with fixed gas (no estimation), signed by its owner, for calls made by hand. */
async function handOperation(account: SmartAccount, calls: { to: Address; value?: bigint; data?: Hex }[]) {
  const { factory, factoryData } = await account.getFactoryArgs()
  const fees = await client.estimateFeesPerGas()
  return {
    sender: await account.getAddress(),
    nonce: 0n,
    factory,
    factoryData,
    callData: await account.encodeCalls(calls),
    callGasLimit: 100_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: fees.maxFeePerGas * 2n,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    signature: '0x' as Hex,
  } satisfies UserOperation<'0.7'>
}

function rpcOp(op: UserOperation<'0.7'>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(op).map(([k, v]) => [k, typeof v === 'bigint' ? toHex(v) : v]))
}

async function pmCall(projectId: string, method: string, op: UserOperation<'0.7'>) {
  return await call(rpcUrl(projectId), {
    json: {
      jsonrpc: '2.0',
      id: 7,
      method,
      params: [rpcOp(op), evm.fixtures.accountAbstraction.entryPoint, '0x7a69', {}],
    },
  })
}

describe('ERC-7677 paymaster and bundler proxy on the gateway', () => {
  it('sponsors a counterfactual SimpleAccount with 0 ETH: its first user operation deploys it, the receipt comes back through the gateway', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(1) })
    const sender = await account.getAddress()
    expect(await client.getBalance({ address: sender })).toBe(0n)
    expect(await client.getCode({ address: sender })).toBeUndefined()
    const bundlerClient = createBundlerClient({
      client,
      chain,
      transport: http(rpcUrl('local')),
      paymaster: createPaymasterClient({ transport: http(rpcUrl('local')) }),
      pollingInterval: 100,
    })
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: 0n }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 20_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(sender)
    expect(receipt.paymaster).toBe(evm.fixtures.accountAbstraction.verifyingPaymaster)
    expect((await client.getCode({ address: sender }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: sender })).toBe(0n)

    // Recorded in PostgreSQL: who, what, how much gas (worst case signed, and the real cost from the receipt).
    const db = new pg.Client({ connectionString: t.db.url })
    await db.connect()
    const { rows } = await db.query('SELECT * FROM paymaster_sponsorships WHERE user_op_hash = $1', [
      hash.toLowerCase(),
    ])
    await db.end()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      project_id: 'local',
      chain: 'eip155:31337',
      sender: sender.toLowerCase(),
      nonce: receipt.nonce.toString(),
      targets: `${recipient.toLowerCase()}:transfer`,
      actual_gas_used: receipt.actualGasUsed.toString(),
      actual_gas_cost_wei: receipt.actualGasCost.toString(),
      success: 1,
    })
    expect(BigInt(rows[0].max_cost_wei)).toBeGreaterThanOrEqual(receipt.actualGasCost)

    const metrics = await call(`${t.url}/metrics`)
    expect(metrics.body).toContain(
      'portico_paymaster_sponsorships_total{project="local",chain="eip155:31337"} 1',
    )
    expect(metrics.body).toMatch(
      new RegExp(
        `portico_paymaster_sponsored_gas_used_total\\{project="local",chain="eip155:31337"\\} ${receipt.actualGasUsed}\n`,
      ),
    )
  })

  it('proxies the bundler methods without showing the bundler URL: eth_supportedEntryPoints answers the EntryPoint v0.7', async () => {
    const r = await call(rpcUrl('local'), {
      json: { jsonrpc: '2.0', id: 'a', method: 'eth_supportedEntryPoints' },
    })
    expect(r.body).toEqual({ jsonrpc: '2.0', id: 'a', result: [evm.fixtures.accountAbstraction.entryPoint] })
    expect(JSON.stringify(r.body)).not.toContain(String(bundler.port))
  })

  it('refuses a call to a contract or method outside the policy, with the reason', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(2) })
    const op = await handOperation(account, [{ to: recipient, value: 1n }])
    const r = await pmCall('tight', 'pm_getPaymasterData', op)
    expect(r.body.error.code).toBe(-32003)
    expect(r.body.error.message).toBe(
      `Sponsorship refused: call 1 (a plain transfer on ${recipient}) is not among the contracts and methods this project sponsors`,
    )
    expect(r.body.error.data.reason).toBe('target_not_allowed')
  })

  it('refuses a sponsorship over the per-account daily budget, with the amounts in the reason', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(3) })
    const usdc = evm.fixtures.tokens[0]!.address
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })
    const op = await handOperation(account, [{ to: usdc, data }])
    // The stub passes (no budget is spent by a stub); the signature is refused.
    const stub = await pmCall('tight', 'pm_getPaymasterStubData', op)
    expect(stub.body.result.paymaster).toBe(evm.fixtures.accountAbstraction.verifyingPaymaster)
    // ERC-7677's sponsor is the project's configured name ('Tight'), never its bare id ('tight').
    expect(stub.body.result.sponsor).toEqual({ name: 'Tight' })
    const r = await pmCall('tight', 'pm_getPaymasterData', op)
    expect(r.body.error.code).toBe(-32003)
    expect(r.body.error.message).toMatch(
      /^Sponsorship refused: 0x[0-9a-fA-F]{40} would reach [0-9.]+ ETH of sponsored gas today, over the daily budget of 0\.000001 ETH per account$/,
    )
    expect(r.body.error.data.reason).toBe('over_account_budget')
    const metrics = await call(`${t.url}/metrics`)
    expect(metrics.body).toContain(
      'portico_paymaster_refusals_total{project="tight",chain="eip155:31337",reason="over_account_budget"} 1',
    )
  })

  it('refuses a chain id parameter that is not the request chain, and a chain without a paymaster', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(4) })
    const op = await handOperation(account, [{ to: recipient }])
    const wrong = await call(rpcUrl('local'), {
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterData',
        params: [rpcOp(op), evm.fixtures.accountAbstraction.entryPoint, '0x7a6a', {}],
      },
    })
    expect(wrong.body.error).toMatchObject({ code: -32602 })
    expect(wrong.body.error.message).toContain('the chain id parameter must be 0x7a69')
    const other = await call(rpcUrl('local', 'eip155:31338'), {
      json: { jsonrpc: '2.0', id: 2, method: 'pm_getPaymasterData', params: [rpcOp(op), '0x', '0x7a6a', {}] },
    })
    expect(other.body.error).toEqual({ code: -32602, message: 'Unsupported chain' })
  })
})

describe('the VerifyingPaymaster on chain refuses a signature that does not fit the operation', () => {
  const aa = () => evm.fixtures.accountAbstraction
  const signer = () => privateKeyToAccount(aa().paymasterSignerKey)

  /** Signs the operation as its owner, with this paymaster data, and runs handleOps in an eth_call. */
  async function handleOps(account: SmartAccount, op: UserOperation<'0.7'>, paymasterData: Hex) {
    const full = {
      ...op,
      paymaster: aa().verifyingPaymaster,
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
      paymasterData,
    }
    full.signature = await account.signUserOperation({ ...full, chainId: 31337 })
    const beneficiary = evm.fixtures.accounts[5]!.address
    try {
      await client.simulateContract({
        account: beneficiary,
        address: aa().entryPoint,
        abi: entryPoint07Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(full)], beneficiary],
      })
    } catch (error) {
      const revert = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
      if (revert instanceof ContractFunctionRevertedError) return revert.data
      throw error
    }
    return undefined
  }

  async function paymasterSignature(op: UserOperation<'0.7'>, chainId: bigint, validUntil: number) {
    const hash = verifyingPaymasterHash({
      op: parseUserOperation(rpcOp(op)),
      chainId,
      paymaster: aa().verifyingPaymaster,
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
      validUntil,
      validAfter: 0,
    })
    return encodePaymasterData(validUntil, 0, await signer().signMessage({ message: { raw: hash } }))
  }

  it("computes the same hash as the contract's getHash", async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(10) })
    const op = await handOperation(account, [{ to: recipient }])
    const pmGas = { paymasterVerificationGasLimit: 100_000n, paymasterPostOpGasLimit: 0n }
    const packed = toPackedUserOperation({
      ...op,
      paymaster: aa().verifyingPaymaster,
      ...pmGas,
      paymasterData: '0x',
    })
    const onChain = await client.readContract({
      address: aa().verifyingPaymaster,
      abi: parseAbi([
        'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
        'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
      ]),
      functionName: 'getHash',
      args: [packed, 1_900_000_000, 5],
    })
    const local = verifyingPaymasterHash({
      op: parseUserOperation(rpcOp(op)),
      chainId: 31337n,
      paymaster: aa().verifyingPaymaster,
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
      validUntil: 1_900_000_000,
      validAfter: 5,
    })
    expect(local).toBe(onChain)
  })

  it('accepts the right signature (control): handleOps does not revert', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(11) })
    const op = await handOperation(account, [{ to: recipient }])
    const now = Math.floor(Date.now() / 1000)
    expect(await handleOps(account, op, await paymasterSignature(op, 31337n, now + 600))).toBeUndefined()
  })

  it('refuses a signature made for another chain: AA34 signature error', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(12) })
    const op = await handOperation(account, [{ to: recipient }])
    const now = Math.floor(Date.now() / 1000)
    const data = await handleOps(account, op, await paymasterSignature(op, 31338n, now + 600))
    expect(data?.errorName).toBe('FailedOp')
    expect(data?.args).toEqual([0n, 'AA34 signature error'])
  })

  it('refuses the gateway signature of another sender: AA34 signature error', async () => {
    const signedFor = await toDevnetSimpleAccount({ client, owner: owner(13) })
    const signedOp = await handOperation(signedFor, [{ to: recipient }])
    const r = await pmCall('local', 'pm_getPaymasterData', signedOp)
    const paymasterData = r.body.result.paymasterData as Hex
    const other = await toDevnetSimpleAccount({ client, owner: owner(14) })
    const otherOp = await handOperation(other, [{ to: recipient }])
    const data = await handleOps(other, otherOp, paymasterData)
    expect(data?.errorName).toBe('FailedOp')
    expect(data?.args).toEqual([0n, 'AA34 signature error'])
    // The same data on the operation it was signed for passes (the refusal is about the sender).
    expect(await handleOps(signedFor, signedOp, paymasterData)).toBeUndefined()
  })

  it('refuses an expired signature window: AA32 paymaster expired or not due', async () => {
    const account = await toDevnetSimpleAccount({ client, owner: owner(15) })
    const op = await handOperation(account, [{ to: recipient }])
    const block = await client.getBlock()
    const data = await handleOps(
      account,
      op,
      await paymasterSignature(op, 31337n, Number(block.timestamp) - 60),
    )
    expect(data?.errorName).toBe('FailedOp')
    expect(data?.args).toEqual([0n, 'AA32 paymaster expired or not due'])
  })
})
