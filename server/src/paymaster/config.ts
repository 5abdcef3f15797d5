import Type, { type Static } from 'typebox'

const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })
const Caip2Evm = Type.String({ pattern: '^eip155:[0-9]{1,12}$' })
/** An amount of the chain's native currency in whole units (`0.05` ETH), at most 18 decimals. */
const NativeAmount = Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,18})?$' })

/** A chain the gateway sponsors on: its bundler (kept on the server) and its paymaster contract. */
const PaymasterChainSchema = Type.Object({
  chainId: Caip2Evm,
  /** The ERC-4337 bundler's JSON-RPC; never sent to a client (the gateway proxies the bundler methods). */
  bundlerUrl: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2048 }),
  /** EntryPoint v0.7 (the only version sponsored). */
  entryPoint: EvmAddress,
  /** The VerifyingPaymaster (v0.7 sample) whose `verifyingSigner` is `signerKey`'s address. */
  paymaster: EvmAddress,
})

/** What one contract call inside a user operation may be to be sponsored. */
const TargetSchema = Type.Object({
  address: EvmAddress,
  /** Method selectors (`0xa9059cbb`) allowed on it; absent = any call, including a plain transfer. */
  selectors: Type.Optional(Type.Array(Type.String({ pattern: '^0x[0-9a-fA-F]{8}$' }), { maxItems: 256 })),
})

/** A project's sponsorship policy. */
export const SponsorshipPolicySchema = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 128 }),
  /** Chains (CAIP-2) sponsored for this project; each must be in `paymaster.chains`. */
  chains: Type.Array(Caip2Evm, { minItems: 1, maxItems: 64 }),
  /**
   * Contracts (and methods) every call of a sponsored operation must go to.
   * `any` sponsors every target (a send of ETH to anyone included).
   */
  targets: Type.Union([Type.Literal('any'), Type.Array(TargetSchema, { minItems: 1, maxItems: 256 })]),
  /** Most gas (worst case: gas limits × max fee) sponsored for one account per UTC day, in native units. */
  perAccountPerDay: NativeAmount,
  /** Most gas sponsored for the whole project per UTC day, in native units. */
  perDay: NativeAmount,
})

/**
 * ERC-7677 paymaster service and bundler proxy on the gateway's JSON-RPC path
 * (`POST /v1?chainId=…&projectId=…`). Off when absent.
 */
export const PaymasterConfigSchema = Type.Object({
  /** Key whose signature the paymaster contracts accept (a hot key: keep it in the config's secret store). */
  signerKey: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
  /** How long a paymaster signature stays valid on chain (`validUntil` = now + this). */
  validitySec: Type.Integer({ minimum: 30, maximum: 86_400, default: 600 }),
  /** Gas limits the stub and the signature commit to (the VerifyingPaymaster has no postOp). */
  verificationGasLimit: Type.Integer({ minimum: 10_000, maximum: 2_000_000, default: 100_000 }),
  postOpGasLimit: Type.Integer({ minimum: 0, maximum: 2_000_000, default: 0 }),
  /** Time limit of one bundler call. */
  bundlerTimeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000 }),
  chains: Type.Array(PaymasterChainSchema, { minItems: 1, maxItems: 64 }),
  policies: Type.Array(SponsorshipPolicySchema, { default: [], maxItems: 10_000 }),
})

export type PaymasterConfig = Static<typeof PaymasterConfigSchema>
export type SponsorshipPolicy = Static<typeof SponsorshipPolicySchema>
