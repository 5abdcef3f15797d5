import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  hexToBytes,
  keccak256,
  maxUint256,
  pad,
  parseAbi,
  recoverMessageAddress,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import {
  describeUserOperation,
  ENTRY_POINT_V07,
  parseUserOperationRequest,
  signUserOperation,
  type UserOperationFrameDeps,
} from './index.js'
import { MAX_SPONSOR_NAME } from './request.js'
import { USER_OPERATION_CATALOGUE } from './strings.js'

const KEY = `0x${'22'.repeat(32)}` as const
const owner = privateKeyToAccount(KEY)
const ORIGIN = 'https://app.example'
const SENDER = '0x1111111111111111111111111111111111111111'
const FACTORY = '0x2222222222222222222222222222222222222222'
const PAYMASTER = '0x3333333333333333333333333333333333333333'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = getAddress('0x000000000000000000000000000000000000b0b5')
const ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const FACTORY_ABI = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])

const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5_000_000n] })
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] })

/** A v0.7 operation in its JSON-RPC form, as the adapter sends it: first one (deploys), sponsored, a batch. */
function rpcOperation(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sender: SENDER,
    nonce: '0x0',
    factory: FACTORY,
    factoryData: encodeFunctionData({
      abi: FACTORY_ABI,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    }),
    callData: encodeFunctionData({
      abi: ACCOUNT_ABI,
      functionName: 'executeBatch',
      args: [
        [TOKEN, TOKEN, BOB],
        [0n, 0n, 10n ** 15n],
        [transfer, approve, '0x'],
      ],
    }),
    callGasLimit: '0x186a0',
    verificationGasLimit: '0x493e0',
    preVerificationGas: '0xc350',
    maxFeePerGas: '0x77359400',
    maxPriorityFeePerGas: '0x3b9aca00',
    paymaster: PAYMASTER,
    paymasterVerificationGasLimit: '0x186a0',
    paymasterPostOpGasLimit: '0x0',
    paymasterData: `0x${'ab'.repeat(77)}`,
    signature: `0x${'ff'.repeat(65)}`,
    ...over,
  }
}

/**
 * ERC-4337 v0.7's user-operation hash written out from the EntryPoint's
 * `UserOperationLib` (pack, hash, then with the EntryPoint and chain id),
 * independently of the frame's code.
 */
function referenceHash(op: Record<string, unknown>, chainId: number): Hex {
  const h = (v: unknown) => BigInt(v as string)
  const initCode = op.factory ? concat([op.factory as Hex, op.factoryData as Hex]) : '0x'
  const pm = op.paymaster
    ? concat([
        op.paymaster as Hex,
        pad(toHex(h(op.paymasterVerificationGasLimit)), { size: 16 }),
        pad(toHex(h(op.paymasterPostOpGasLimit)), { size: 16 }),
        op.paymasterData as Hex,
      ])
    : '0x'
  const two128 = (a: unknown, b: unknown) =>
    concat([pad(toHex(h(a)), { size: 16 }), pad(toHex(h(b)), { size: 16 })])
  const packed = encodeAbiParameters(
    [
      { type: 'address' },
      { type: 'uint256' },
      { type: 'bytes32' },
      { type: 'bytes32' },
      { type: 'bytes32' },
      { type: 'uint256' },
      { type: 'bytes32' },
      { type: 'bytes32' },
    ],
    [
      op.sender as Hex,
      h(op.nonce),
      keccak256(initCode),
      keccak256(op.callData as Hex),
      two128(op.verificationGasLimit, op.callGasLimit),
      h(op.preVerificationGas),
      two128(op.maxPriorityFeePerGas, op.maxFeePerGas),
      keccak256(pm),
    ],
  )
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }],
      [keccak256(packed), ENTRY_POINT_V07, BigInt(chainId)],
    ),
  )
}

function frameDeps(approveIt = true) {
  const shown: Parameters<UserOperationFrameDeps['approve']>[0][] = []
  const reassemble = vi.fn(async () => hexToBytes(KEY))
  const deps: UserOperationFrameDeps = {
    token: () => 'session-token',
    wallet: async () => ({ address: owner.address, auth: 'auth-share' }),
    loadDeviceShare: async () => 'device-share',
    reassemble,
    approve: async (card) => {
      shown.push(card)
      return approveIt
    },
    refuse: (code, message) => Object.assign(new Error(message), { code }),
    origin: ORIGIN,
  }
  return { deps, shown, reassemble }
}

describe('the user-operation card (issue 30): the calls inside, who pays the gas, and the hash the frame computes itself', () => {
  it('signs exactly the EIP-191 signature of the v0.7 user-operation hash of what the card showed (the EntryPoint formula, written out apart)', async () => {
    const { deps, shown } = frameDeps()
    const op = rpcOperation()
    const signature = await signUserOperation(deps, [op, ENTRY_POINT_V07], 31337)
    const expected = referenceHash(op, 31337)
    expect(signature).toBe(await owner.signMessage({ message: { raw: expected } }))
    expect(await recoverMessageAddress({ message: { raw: expected }, signature })).toBe(owner.address)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.details?.at(-1)?.text).toContain(`"hash": "${expected}"`)
  })

  it('never signs a hash the page hands it: an extra hash parameter or option is refused, a hash field refused, and another chain id gives another hash', async () => {
    const { deps } = frameDeps()
    const op = rpcOperation()
    const bogus = keccak256('0x1234')
    await expect(signUserOperation(deps, [op, ENTRY_POINT_V07, bogus], 31337)).rejects.toMatchObject({
      code: -32602,
    })
    await expect(
      signUserOperation(deps, [op, ENTRY_POINT_V07, { hash: bogus }], 31337),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      signUserOperation(deps, [{ ...op, hash: bogus }, ENTRY_POINT_V07], 31337),
    ).rejects.toMatchObject({ code: -32602, message: 'Invalid request' })
    expect(parseUserOperationRequest([op, ENTRY_POINT_V07], 31338, owner.address).hash).toBe(
      referenceHash(op, 31338),
    )
  })

  it('the card shows each call (target, value, ERC-20 transfer and approve decoded), the deployment, "Sponsored by <site>", the chain and the origin', () => {
    const request = parseUserOperationRequest([rpcOperation(), ENTRY_POINT_V07], 31337, owner.address)
    const card = describeUserOperation(request, ORIGIN)
    expect(card.title).toBe('Send from your smart account')
    expect(card.lines).toEqual([
      `From: ${SENDER} (smart account)`,
      `This first transaction also deploys your smart account (owner ${owner.address}).`,
      `Call 1 of 3: to ${TOKEN}, 0 (native token)`,
      `Token transfer: 5000000 of token ${TOKEN} to ${BOB}`,
      `Call 2 of 3: to ${TOKEN}, 0 (native token)`,
      `Token approval: ${BOB} may spend UNLIMITED (every token you hold, now and later) of token ${TOKEN}`,
      `Call 3 of 3: to ${BOB}, 0.001 (native token)`,
      'Gas: sponsored by the site at app.example (you pay nothing)',
      `Paymaster: ${PAYMASTER}`,
      'Network: eip155:31337',
      `Requested by: ${ORIGIN}`,
    ])
    expect(card.warnings).toEqual([
      `Unlimited approval: ${BOB} may take every ${TOKEN} token you hold, now and later.`,
    ])
  })

  it('"Sponsored by <site>": the name the site gives (its app metadata) beside the origin the frame knows; the origin alone, labelled as the site, without a name', () => {
    const named = parseUserOperationRequest(
      [rpcOperation(), ENTRY_POINT_V07, { sponsorName: '  Acme Shop ' }],
      31337,
      owner.address,
    )
    expect(named.sponsorName).toBe('Acme Shop')
    const lines = describeUserOperation(named, ORIGIN).lines
    expect(lines).toContain('Gas: sponsored by Acme Shop, the site at app.example (you pay nothing)')
    expect(lines).not.toContain('Gas: sponsored by the site at app.example (you pay nothing)')
    // A site that names nothing: its host, said to be the site's address.
    const bare = parseUserOperationRequest([rpcOperation(), ENTRY_POINT_V07, {}], 31337, owner.address)
    expect(describeUserOperation(bare, ORIGIN).lines).toContain(
      'Gas: sponsored by the site at app.example (you pay nothing)',
    )
    // No paymaster: no sponsor line, whatever name the page sent.
    const selfPaid = parseUserOperationRequest(
      [
        rpcOperation({
          paymaster: undefined,
          paymasterVerificationGasLimit: undefined,
          paymasterPostOpGasLimit: undefined,
          paymasterData: undefined,
        }),
        ENTRY_POINT_V07,
        { sponsorName: 'Acme Shop' },
      ],
      31337,
      owner.address,
    )
    expect(describeUserOperation(selfPaid, ORIGIN).lines.some((l) => l.includes('Acme Shop'))).toBe(false)
  })

  it.each([
    ['a name that is not text', { sponsorName: 42 }],
    ['an empty name', { sponsorName: '   ' }],
    [`a name over ${MAX_SPONSOR_NAME} characters`, { sponsorName: 'A'.repeat(MAX_SPONSOR_NAME + 1) }],
    ['a name with a line break', { sponsorName: 'Acme\nGas: you pay nothing' }],
    ['a name with a bidi override', { sponsorName: 'Acme \u202Eelpmaxe' }],
    ['an unknown option', { sponsorName: 'Acme', paymaster: '0x' }],
  ])('refuses %s as the sponsor option with -32602, before any card', async (_, extra) => {
    const { deps, shown } = frameDeps()
    await expect(
      signUserOperation(deps, [rpcOperation(), ENTRY_POINT_V07, extra], 31337),
    ).rejects.toMatchObject({ code: -32602, message: 'Invalid request' })
    expect(shown).toHaveLength(0)
  })

  it('without a paymaster the card gives the worst case the account pays: every gas limit at maxFeePerGas', () => {
    const op = rpcOperation({
      paymaster: undefined,
      paymasterVerificationGasLimit: undefined,
      paymasterPostOpGasLimit: undefined,
      paymasterData: undefined,
    })
    const request = parseUserOperationRequest([op, ENTRY_POINT_V07], 31337, owner.address)
    // (100000 + 300000 + 50000) gas × 2 gwei = 0.0009 ETH
    expect(describeUserOperation(request, ORIGIN).lines).toContain(
      'Gas: at most 0.0009 (native token), paid by this smart account',
    )
  })

  it('a call that is not a token call is a blind call, its bytes shown whole', () => {
    const data = '0xdeadbeef00'
    const op = rpcOperation({
      callData: encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'execute', args: [BOB, 0n, data] }),
    })
    const card = describeUserOperation(
      parseUserOperationRequest([op, ENTRY_POINT_V07], 31337, owner.address),
      ORIGIN,
    )
    expect(card.warnings).toEqual([
      `Blind call: call 1 to ${BOB} is not decoded. Only its bytes are shown below.`,
    ])
    expect(card.details?.[0]).toEqual({ label: 'Call 1 data (5 bytes)', text: data })
  })

  it.each([
    [
      'another EntryPoint',
      (op: Record<string, unknown>) => [op, '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'],
    ],
    [
      'call data that is not execute / executeBatch',
      (op: Record<string, unknown>) => [{ ...op, callData: transfer }, ENTRY_POINT_V07],
    ],
    [
      'a deployment of an account another key owns',
      (op: Record<string, unknown>) => [
        {
          ...op,
          factoryData: encodeFunctionData({
            abi: FACTORY_ABI,
            functionName: 'createAccount',
            args: [BOB, 0n],
          }),
        },
        ENTRY_POINT_V07,
      ],
    ],
    [
      'half the paymaster fields',
      (op: Record<string, unknown>) => [{ ...op, paymasterData: undefined }, ENTRY_POINT_V07],
    ],
    [
      'a gas limit wider than 128 bits',
      (op: Record<string, unknown>) => [{ ...op, callGasLimit: `0x1${'0'.repeat(32)}` }, ENTRY_POINT_V07],
    ],
    [
      'an EIP-7702 authorization (not shown, so not signed)',
      (op: Record<string, unknown>) => [{ ...op, eip7702Auth: {} }, ENTRY_POINT_V07],
    ],
  ])('refuses %s with -32602, before any card or key', async (_, build) => {
    const { deps, shown, reassemble } = frameDeps()
    const params = build(rpcOperation()).map((p) =>
      typeof p === 'object' && p
        ? Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))
        : p,
    )
    await expect(signUserOperation(deps, params, 31337)).rejects.toMatchObject({ code: -32602 })
    expect(shown).toHaveLength(0)
    expect(reassemble).not.toHaveBeenCalled()
  })

  it('Reject is "Signature declined" (4001) and the key is never rebuilt', async () => {
    const { deps, reassemble } = frameDeps(false)
    await expect(signUserOperation(deps, [rpcOperation(), ENTRY_POINT_V07], 31337)).rejects.toMatchObject({
      code: 4001,
      message: 'Signature declined',
    })
    expect(reassemble).not.toHaveBeenCalled()
  })

  it.each(Object.entries(USER_OPERATION_CATALOGUE))(
    'the %s catalogue has every text with the same placeholders as English',
    (_, strings) => {
      const en = USER_OPERATION_CATALOGUE.en
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [k, v] of Object.entries(strings))
        expect(v.match(/\{[a-z]+\}/g)?.sort()).toEqual(en[k as keyof typeof en].match(/\{[a-z]+\}/g)?.sort())
    },
  )
})
