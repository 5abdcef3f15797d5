import type { FastifyBaseLogger } from 'fastify'
import { type Address, formatEther, type Hex, isAddressEqual, keccak256, toBytes, toHex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { Metrics } from '../http/metrics.js'
import {
  isRpcId,
  type RpcAnswer,
  type RpcErrorObject,
  RpcErrors,
  type RpcId,
  rpcError,
} from '../rpc-proxy/errors.js'
import type { ProxyReply } from '../rpc-proxy/service.js'
import type { PaymasterConfig, SponsorshipPolicy } from './config.js'
import { checkBudget, checkTargets, SponsorshipRefused } from './policy.js'
import { SponsorshipStore, utcDay } from './store.js'
import {
  encodePaymasterData,
  maxGasCost,
  type ParsedUserOperation,
  parseUserOperation,
  UserOperationError,
  verifyingPaymasterHash,
} from './user-operation.js'

/** ERC-7677 methods the gateway answers itself. */
export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const
/** ERC-4337 bundler methods the gateway forwards to the chain's bundler (whose URL stays on the server). */
export const BUNDLER_METHODS = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
] as const
const OWN = new Set<string>([...PAYMASTER_METHODS, ...BUNDLER_METHODS])
const MAX_BUNDLER_ANSWER = 4 * 1024 * 1024

/**
 * The gateway's ERC-7677 paymaster service and bundler proxy. Sponsorships
 * follow each project's policy (chains, targets, daily budgets); every one
 * signed is recorded and counted; every refusal is a JSON-RPC error whose
 * message says why.
 */
export class PaymasterService {
  readonly #signer: PrivateKeyAccount
  readonly #store: SponsorshipStore
  // Budget check + record run one at a time in this instance, so two quick calls cannot both pass the last of a budget.
  #queue: Promise<unknown> = Promise.resolve()
  /** A well-formed signature by a throwaway key (OpenZeppelin's ECDSA reverts on a malformed one during estimation). */
  #stubSignature: Promise<Hex> | undefined

  constructor(
    readonly config: PaymasterConfig,
    db: ConstructorParameters<typeof SponsorshipStore>[0],
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Metrics,
    private readonly now: () => number = Date.now,
    /** A project's display name (`projects[].name`): ERC-7677's `sponsor.name`, never the bare project id. */
    private readonly projectName: (projectId: string) => string | undefined = () => undefined,
  ) {
    this.#signer = privateKeyToAccount(config.signerKey as Hex)
    this.#store = new SponsorshipStore(db)
  }

  /** The address the paymaster contracts must have as `verifyingSigner`. */
  get signerAddress(): Address {
    return this.#signer.address
  }

  get store(): SponsorshipStore {
    return this.#store
  }

  /**
   * Answers the body when every call in it is a paymaster or bundler method;
   * undefined when none is (the RPC proxy answers). A batch mixing both is refused.
   */
  async handle(projectId: string, chainId: string, body: unknown): Promise<ProxyReply | undefined> {
    const calls = Array.isArray(body) ? body : [body]
    const ours = calls.map((c) => OWN.has(methodOf(c) ?? ''))
    if (!ours.some(Boolean)) return undefined
    if (!ours.every(Boolean))
      return {
        status: 400,
        body: rpcError(
          null,
          RpcErrors.invalidRequest(
            'send paymaster and bundler calls in a batch of their own, apart from node calls',
          ),
        ),
      }
    const answers = await Promise.all(
      calls.map((c) => this.#one(projectId, chainId, c as Record<string, unknown>)),
    )
    return { status: 200, body: Array.isArray(body) ? answers : answers[0] }
  }

  async #one(projectId: string, chainId: string, call: Record<string, unknown>): Promise<RpcAnswer> {
    const id: RpcId = isRpcId(call.id) ? call.id : null
    const method = call.method as string
    const params = Array.isArray(call.params) ? call.params : []
    const chain = this.config.chains.find((c) => c.chainId === chainId)
    if (!chain) return rpcError(id, RpcErrors.unsupportedChain())
    try {
      if (method === 'pm_getPaymasterStubData' || method === 'pm_getPaymasterData') {
        const result = await this.#paymaster(method, projectId, chain, params)
        return { jsonrpc: '2.0', id, result }
      }
      return await this.#forward(id, chain.bundlerUrl, method, params, projectId, chainId)
    } catch (error) {
      if (error instanceof SponsorshipRefused) {
        this.metrics?.inc(
          'portico_paymaster_refusals_total',
          'Sponsorships refused by the paymaster policy, by reason',
          { project: projectId, chain: chainId, reason: error.reason },
        )
        return rpcError(id, {
          code: -32003,
          message: error.message,
          data: { reason: error.reason, ...error.details },
        })
      }
      if (error instanceof UserOperationError) return rpcError(id, RpcErrors.invalidParams(error.message))
      throw error
    }
  }

  async #paymaster(
    method: (typeof PAYMASTER_METHODS)[number],
    projectId: string,
    chain: PaymasterConfig['chains'][number],
    params: unknown[],
  ) {
    const [rawOp, entryPoint, chainHex] = params
    const op = parseUserOperation(rawOp)
    const numericChain = BigInt(chain.chainId.slice('eip155:'.length))
    if (
      typeof chainHex !== 'string' ||
      !/^0x[0-9a-fA-F]{1,16}$/.test(chainHex) ||
      BigInt(chainHex) !== numericChain
    )
      throw new UserOperationError(
        `the chain id parameter must be ${toHex(numericChain)} (the request's ${chain.chainId})`,
      )
    const policy = this.#policy(projectId, chain.chainId)
    if (
      typeof entryPoint !== 'string' ||
      !/^0x[0-9a-fA-F]{40}$/.test(entryPoint) ||
      !isAddressEqual(entryPoint as Address, chain.entryPoint as Address)
    )
      throw new SponsorshipRefused(
        'entry_point_unsupported',
        `Sponsorship refused: only EntryPoint ${chain.entryPoint} (v0.7) is sponsored on ${chain.chainId}`,
      )
    const targets = checkTargets(policy, op.callData)
    const pmVerification = BigInt(this.config.verificationGasLimit)
    const pmPostOp = BigInt(this.config.postOpGasLimit)
    const paymaster = chain.paymaster as Address
    if (method === 'pm_getPaymasterStubData') {
      const sponsorName = this.projectName(projectId)
      const now = Math.floor(this.now() / 1000)
      return {
        paymaster,
        paymasterData: encodePaymasterData(now + this.config.validitySec, 0, await this.#stub()),
        paymasterVerificationGasLimit: toHex(pmVerification),
        paymasterPostOpGasLimit: toHex(pmPostOp),
        ...(sponsorName ? { sponsor: { name: sponsorName } } : {}),
        isFinal: false,
      }
    }
    return await this.#serial(async () => {
      const now = this.now()
      const cost = maxGasCost(op, pmVerification, pmPostOp)
      const day = utcDay(now)
      const spent = await this.#store.spentToday(projectId, day, op.sender)
      checkBudget(policy, spent, cost, op.sender, 'ETH')
      const validUntil = Math.floor(now / 1000) + this.config.validitySec
      const validAfter = 0
      const hash = verifyingPaymasterHash({
        op,
        chainId: numericChain,
        paymaster,
        paymasterVerificationGasLimit: pmVerification,
        paymasterPostOpGasLimit: pmPostOp,
        validUntil,
        validAfter,
      })
      const signature = await this.#signer.signMessage({ message: { raw: hash } })
      const paymasterData = encodePaymasterData(validUntil, validAfter, signature)
      const userOpHash = userOperationHash(op, numericChain, chain.entryPoint as Address, {
        paymaster,
        paymasterData,
        pmVerification,
        pmPostOp,
      })
      await this.#store.record({
        userOpHash,
        projectId,
        chain: chain.chainId,
        sender: op.sender,
        nonce: op.nonce,
        targets,
        gasLimit:
          op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + pmVerification + pmPostOp,
        maxCostWei: cost,
        validUntil,
        day,
        created: now,
      })
      const labels = { project: projectId, chain: chain.chainId }
      this.metrics?.inc(
        'portico_paymaster_sponsorships_total',
        'User operations the paymaster signed',
        labels,
      )
      this.metrics?.inc(
        'portico_paymaster_sponsored_max_cost_wei_total',
        'Worst-case gas cost (wei) of the user operations the paymaster signed',
        labels,
        Number(cost),
      )
      this.log.info(
        { projectId, chain: chain.chainId, sender: op.sender, userOpHash, maxCost: formatEther(cost) },
        'paymaster: sponsorship signed',
      )
      return { paymaster, paymasterData }
    })
  }

  async #stub(): Promise<Hex> {
    this.#stubSignature ??= privateKeyToAccount(keccak256(toBytes('portico paymaster stub'))).signMessage({
      message: 'stub',
    })
    return await this.#stubSignature
  }

  #policy(projectId: string, chainId: string): SponsorshipPolicy {
    const policy = this.config.policies.find((p) => p.projectId === projectId)
    if (!policy)
      throw new SponsorshipRefused('no_policy', 'Sponsorship refused: this project has no sponsorship policy')
    if (!policy.chains.includes(chainId))
      throw new SponsorshipRefused(
        'chain_not_sponsored',
        `Sponsorship refused: this project does not sponsor gas on ${chainId}`,
      )
    return policy
  }

  async #serial<T>(f: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(f, f)
    this.#queue = run.catch(() => undefined)
    return await run
  }

  async #forward(
    id: RpcId,
    url: string,
    method: string,
    params: unknown[],
    projectId: string,
    chainId: string,
  ): Promise<RpcAnswer> {
    let text: string
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(this.config.bundlerTimeoutMs),
      })
      text = await res.text()
    } catch (error) {
      // The bundler's URL is never shown: the error names the chain only.
      this.log.warn({ err: error, chainId, method }, 'bundler unreachable')
      return rpcError(id, { code: -32603, message: `The bundler of ${chainId} is unavailable` })
    }
    if (text.length > MAX_BUNDLER_ANSWER) return rpcError(id, RpcErrors.noAnswer())
    let answer: { result?: unknown; error?: RpcErrorObject }
    try {
      answer = JSON.parse(text)
    } catch {
      return rpcError(id, RpcErrors.noAnswer())
    }
    if (answer.error && typeof answer.error === 'object') {
      const { code, message, data } = answer.error
      return rpcError(id, {
        code: typeof code === 'number' ? code : -32603,
        message: typeof message === 'string' ? message : 'bundler error',
        ...(data === undefined ? {} : { data }),
      })
    }
    if (method === 'eth_getUserOperationReceipt') await this.#settle(answer.result, projectId, chainId)
    if (method === 'eth_sendUserOperation')
      this.metrics?.inc(
        'portico_bundler_user_operations_total',
        'User operations sent to a bundler through the gateway',
        {
          project: projectId,
          chain: chainId,
        },
      )
    return { jsonrpc: '2.0', id, result: answer.result ?? null }
  }

  /** A sponsored operation's receipt passing through notes its real gas in the record. */
  async #settle(receipt: unknown, projectId: string, chainId: string): Promise<void> {
    if (typeof receipt !== 'object' || receipt === null) return
    const r = receipt as {
      userOpHash?: unknown
      actualGasUsed?: unknown
      actualGasCost?: unknown
      success?: unknown
    }
    if (
      typeof r.userOpHash !== 'string' ||
      typeof r.actualGasUsed !== 'string' ||
      typeof r.actualGasCost !== 'string'
    )
      return
    try {
      const settled = await this.#store.settle(
        r.userOpHash,
        BigInt(r.actualGasUsed),
        BigInt(r.actualGasCost),
        r.success === true,
      )
      if (settled)
        this.metrics?.inc(
          'portico_paymaster_sponsored_gas_used_total',
          'Gas really used by sponsored user operations (from their receipts)',
          { project: projectId, chain: chainId },
          Number(BigInt(r.actualGasUsed)),
        )
    } catch (error) {
      this.log.warn({ err: error }, 'paymaster: receipt could not be noted')
    }
  }
}

function methodOf(call: unknown): string | undefined {
  if (typeof call !== 'object' || call === null) return undefined
  const m = (call as { method?: unknown }).method
  return typeof m === 'string' ? m : undefined
}

function userOperationHash(
  op: ParsedUserOperation,
  chainId: bigint,
  entryPoint: Address,
  pm: { paymaster: Address; paymasterData: Hex; pmVerification: bigint; pmPostOp: bigint },
): Hex {
  const factory = op.initCode === '0x' ? undefined : (op.initCode.slice(0, 42) as Address)
  const factoryData = op.initCode === '0x' ? undefined : (`0x${op.initCode.slice(42)}` as Hex)
  return getUserOperationHash({
    chainId: Number(chainId),
    entryPointAddress: entryPoint,
    entryPointVersion: '0.7',
    userOperation: {
      sender: op.sender,
      nonce: op.nonce,
      factory,
      factoryData,
      callData: op.callData,
      callGasLimit: op.callGasLimit,
      verificationGasLimit: op.verificationGasLimit,
      preVerificationGas: op.preVerificationGas,
      maxFeePerGas: op.maxFeePerGas,
      maxPriorityFeePerGas: op.maxPriorityFeePerGas,
      paymaster: pm.paymaster,
      paymasterData: pm.paymasterData,
      paymasterVerificationGasLimit: pm.pmVerification,
      paymasterPostOpGasLimit: pm.pmPostOp,
      signature: '0x',
    },
  })
}
