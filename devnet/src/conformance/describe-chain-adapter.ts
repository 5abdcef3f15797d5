import {
  type CaipNetworkId,
  type ChainAdapter,
  type ChainNamespace,
  createPortico,
  formatUnits,
  InvalidReceiverAddressError,
  type Logger,
  type Portico,
  PorticoError,
  type SignedMessage,
  type TransactionRequestOf,
  UserRejectedRequestError,
} from '@portico/core'
import type { DevWalletControls } from '@portico/core/dev-wallet'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../test-helpers/until.js'

/** The dev wallet of the adapter under test, driven the same way for every chain. */
export interface ConformanceDevWallet {
  /** The connector id the adapter gives this wallet. */
  readonly connectorId: string
  /** The selected account's chain-native address. */
  readonly address: string
  /** The behaviour switch every Portico dev wallet shares (reject / hold / tamper). */
  readonly controls: Pick<
    DevWalletControls,
    'rejectNext' | 'holdNext' | 'nextHeld' | 'tamperNext' | 'setBehaviour'
  >
  /** Makes the wallet discoverable (EIP-6963 announce, Wallet Standard register…); returns the undo. */
  install(): (() => void) | undefined
  /** Wallet side: the user selects another account; resolves its address. Omit when the wallet family has no account events (WBIP004 request API). */
  switchAccount?(): string | Promise<string>
  /** Wallet side: the user switches network; resolves the new CAIP-2 id. Omit when the wallet cannot. */
  switchChain?(): CaipNetworkId | Promise<CaipNetworkId>
  /** Wallet side: the wallet drops the site. Omit when the wallet family cannot tell the site (WBIP004 request API). */
  disconnect?(): void | Promise<void>
}

/** The chain the adapter runs against: a real local node, read with the chain's own tools. */
export interface ConformanceDevnet<N extends ChainNamespace> {
  /** The network the dev wallet's accounts are funded on. */
  readonly caipNetworkId: CaipNetworkId
  /** Native balance of an address, in the smallest unit, read from the node. */
  balanceOf(address: string): Promise<bigint>
  /** A native transfer in the namespace's request shape. */
  transferRequest(to: string, amount: bigint): TransactionRequestOf<N>
  /** Where the transfer goes and how much (smallest unit). */
  readonly receiver: string
  readonly amount: bigint
  /** The fee the sender paid for a landed transaction (smallest unit), read from the node. */
  feeOf(hash: string): Promise<bigint>
  /** Verifies a signed message with the chain's own verifier (viem, ed25519, sr25519, BIP-322…). */
  verifyMessage(args: { address: string; message: string; signed: SignedMessage }): Promise<boolean>
  stop?(): Promise<void>
}

export interface DescribeChainAdapterOptions<N extends ChainNamespace> {
  /** Suite title, e.g. `evmAdapter on anvil`. */
  name: string
  namespace: N
  /** Starts (or reaches) the real local node; called once, before the suite. */
  devnet: () => Promise<ConformanceDevnet<N>>
  /** A fresh adapter for one Portico instance (discovery on, so the dev wallet is found). */
  adapter: (devnet: ConformanceDevnet<N>) => ChainAdapter<N>
  /** A fresh dev wallet holding funded devnet keys, not yet installed. */
  devWallet: (devnet: ConformanceDevnet<N>) => ConformanceDevWallet | Promise<ConformanceDevWallet>
  /** Milliseconds to wait for asynchronous state (events, balances); default 10 000. */
  timeoutMs?: number
}

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }
const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/**
 * The conformance suite every Portico chain adapter passes, against its real
 * local node and its dev wallet, inside a real `createPortico`: discovery,
 * CAIP-10 accounts, balances, message signatures checked by the chain's own
 * verifier, a transfer that moves exactly amount (+ fee for the sender), a
 * user rejection, a held request cancelled in the wallet, wallet events
 * reaching core state, and typed errors for malformed wallet answers.
 *
 * @example
 * describeChainAdapter({
 *   name: 'evmAdapter on anvil',
 *   namespace: 'eip155',
 *   devnet: async () => { const d = await startEvmDevnet(); return { … } },
 *   adapter: (d) => evmAdapter({ networks, window: win, discovery: true }),
 *   devWallet: (d) => { const w = createDevWallet({ networks }); return { connectorId: 'dev.portico.wallet', … } },
 * })
 */
export function describeChainAdapter<N extends ChainNamespace>(
  options: DescribeChainAdapterOptions<N>,
): void {
  const { namespace } = options
  const timeout = options.timeoutMs ?? 10_000
  const wait = (check: () => boolean, what: string) => until(check, timeout, what)

  describe(`${options.name}: Portico adapter conformance (${namespace})`, () => {
    let devnet: ConformanceDevnet<N>
    let portico: Portico | undefined
    let uninstall: (() => void) | undefined

    beforeAll(async () => {
      devnet = await options.devnet()
    })
    afterEach(() => {
      portico?.destroy()
      portico = undefined
      uninstall?.()
      uninstall = undefined
    })
    afterAll(async () => {
      await devnet?.stop?.()
    })

    /** A Portico instance with the adapter and an installed dev wallet, the wallet's connector discovered. */
    async function start() {
      const wallet = await options.devWallet(devnet)
      const adapter = options.adapter(devnet)
      const instance = createPortico({
        adapters: [adapter as ChainAdapter],
        storage: 'memory',
        logger: quiet,
      })
      portico = instance
      uninstall = wallet.install()
      await instance.ready
      await until(
        () =>
          instance.getState().connectors.some((c) => c.id === wallet.connectorId && c.chain === namespace),
        timeout,
        `the adapter discovers connector ${wallet.connectorId}`,
      ).catch((error: Error) => {
        const listed = instance.getState().connectors.map((c) => `${c.chain}/${c.id}`)
        throw new Error(`${error.message}; listed: ${listed.join(', ') || 'none'}`)
      })
      return { portico: instance, wallet, adapter }
    }
    async function connected() {
      const s = await start()
      await s.portico.connect(s.wallet.connectorId, { namespace })
      return s
    }
    const account = (p: Portico) => p.getState().accounts[namespace]

    it('discovery finds the dev wallet: its connector is listed for the namespace', async () => {
      const { portico, wallet } = await start()
      const connector = portico.getState().connectors.find((c) => c.id === wallet.connectorId)
      expect(connector).toMatchObject({ chain: namespace })
      expect(typeof connector?.name).toBe('string')
    })

    it('connect gives valid CAIP-10 accounts composed by the adapter for the active network', async () => {
      const { portico, wallet, adapter } = await connected()
      const state = account(portico)
      expect(state?.status).toBe('connected')
      expect(state?.address).toBe(wallet.address)
      expect(state?.caipAddress).toMatch(CAIP10)
      expect(state?.caipAddress).toBe(`${portico.getState().networks.active[namespace]}:${wallet.address}`)
      const { accounts } = await adapter.getAccounts({ connectorId: wallet.connectorId })
      expect(accounts.length).toBeGreaterThan(0)
      for (const a of accounts) {
        expect(a.namespace).toBe(namespace)
        expect(a.caipAddress).toMatch(CAIP10)
        expect(a.caipAddress.endsWith(`:${a.address}`)).toBe(true)
      }
    })

    it('the balance of a funded account equals the node’s, formatted with 3 decimals (SPEC §5)', async () => {
      const { portico, wallet, adapter } = await connected()
      const onChain = await devnet.balanceOf(wallet.address)
      expect(onChain).toBeGreaterThan(0n)
      const balance = await adapter.getBalance({
        address: wallet.address,
        caipNetworkId: devnet.caipNetworkId,
      })
      expect(balance.value).toBe(onChain)
      expect(balance.formatted).toMatch(/^\d+\.\d{3}$/)
      await wait(() => account(portico)?.balance === balance.formatted, 'core state shows the balance')
    })

    it('a signed message verifies with the chain’s own verifier', async () => {
      const { portico, wallet } = await connected()
      const message = `Portico conformance ${namespace} ${Date.now()}`
      const signed = await portico.signMessageDetailed({ message, namespace })
      expect(typeof signed.signature).toBe('string')
      expect(await devnet.verifyMessage({ address: wallet.address, message, signed })).toBe(true)
    })

    it('a transfer moves the receiver’s balance by the amount and the sender’s by amount + fee', async () => {
      const { portico, wallet, adapter } = await connected()
      const [senderBefore, receiverBefore] = await Promise.all([
        devnet.balanceOf(wallet.address),
        devnet.balanceOf(devnet.receiver),
      ])
      const hash = await portico.sendTransaction({
        request: devnet.transferRequest(devnet.receiver, devnet.amount) as never,
        namespace,
      })
      expect(typeof hash).toBe('string')
      await adapter.waitForTransaction?.({ hash, caipNetworkId: devnet.caipNetworkId })
      let receiverAfter = receiverBefore
      await until(
        async () => {
          receiverAfter = await devnet.balanceOf(devnet.receiver)
          return receiverAfter !== receiverBefore
        },
        timeout,
        'the transfer lands',
      )
      expect(receiverAfter - receiverBefore).toBe(devnet.amount)
      const fee = await devnet.feeOf(hash)
      expect(fee).toBeGreaterThanOrEqual(0n)
      expect(senderBefore - (await devnet.balanceOf(wallet.address))).toBe(devnet.amount + fee)
    })

    it('Send: portico.send of the native currency, built by the adapter’s transferRequest and priced first, moves the receiver by the amount; a malformed receiver is refused', async () => {
      const { portico, wallet, adapter } = await connected()
      expect(adapter.transferRequest, 'the adapter implements transferRequest').toBeTypeOf('function')
      expect(adapter.isValidAddress, 'the adapter implements isValidAddress').toBeTypeOf('function')
      const native = await adapter.getBalance({
        address: wallet.address,
        caipNetworkId: devnet.caipNetworkId,
      })
      const token = { decimals: native.decimals, symbol: native.symbol, value: native.value }
      const amount = formatUnits(devnet.amount, native.decimals)
      const refused = await portico
        .prepareSend({ token, amount, to: 'not-an-address', namespace })
        .catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(InvalidReceiverAddressError)
      const prepared = await portico.prepareSend({ token, amount, to: devnet.receiver, namespace })
      expect(prepared.amount).toBe(devnet.amount)
      expect(prepared.feeError, String(prepared.feeError)).toBeUndefined()
      expect(prepared.fee!.value).toBeGreaterThanOrEqual(0n)
      const before = await devnet.balanceOf(devnet.receiver)
      const hash = await portico.send({ token, amount, to: devnet.receiver, namespace })
      await adapter.waitForTransaction?.({ hash, caipNetworkId: devnet.caipNetworkId })
      let after = before
      await until(
        async () => {
          after = await devnet.balanceOf(devnet.receiver)
          return after !== before
        },
        timeout,
        'the sent amount lands',
      )
      expect(after - before).toBe(devnet.amount)
    })

    it('a user rejection in the wallet gives UserRejectedRequestError, and the next request goes through', async () => {
      const { portico, wallet } = await connected()
      wallet.controls.rejectNext()
      await expect(portico.signMessage({ message: 'no', namespace })).rejects.toBeInstanceOf(
        UserRejectedRequestError,
      )
      await expect(portico.signMessage({ message: 'yes', namespace })).resolves.toBeTypeOf('string')
    })

    it('a held request stays pending in core state until cancelled in the wallet (UserRejectedRequestError)', async () => {
      const { portico, wallet } = await connected()
      wallet.controls.holdNext()
      const requestId = `held-${namespace}`
      const signing = portico.signMessage({ message: 'later', namespace, requestId })
      signing.catch(() => undefined) // asserted below
      const held = await wallet.controls.nextHeld()
      expect(portico.getState().requests[requestId]?.status).toBe('pending')
      held.reject()
      await expect(signing).rejects.toBeInstanceOf(UserRejectedRequestError)
      expect(portico.getState().requests[requestId]?.status).toBe('rejected')
      await expect(portico.signMessage({ message: 'after', namespace })).resolves.toBeTypeOf('string')
    })

    it('accountsChanged from the wallet updates core state (address and CAIP-10 address)', async (ctx) => {
      const { portico, wallet } = await connected()
      if (!wallet.switchAccount) return ctx.skip()
      const before = wallet.address
      const next = await wallet.switchAccount()
      expect(next).not.toBe(before)
      await wait(() => account(portico)?.address === next, 'core follows the new account')
      expect(account(portico)?.caipAddress).toBe(`${portico.getState().networks.active[namespace]}:${next}`)
    })

    it('chainChanged from the wallet updates the active network in core state', async (ctx) => {
      const { portico, wallet } = await connected()
      if (!wallet.switchChain) return ctx.skip()
      const next = await wallet.switchChain()
      await wait(() => portico.getState().networks.active[namespace] === next, 'core follows the new network')
    })

    it('disconnect from the wallet resets the namespace in core state', async (ctx) => {
      const { portico, wallet } = await connected()
      if (!wallet.disconnect) return ctx.skip()
      await wallet.disconnect()
      await wait(() => account(portico)?.status === 'disconnected', 'core shows disconnected')
      expect(account(portico)?.address).toBeUndefined()
    })

    it('a malformed address from the wallet gives a typed error, not a connection', async () => {
      const { portico, wallet } = await start()
      wallet.controls.tamperNext('accounts')
      const error = await portico.connect(wallet.connectorId, { namespace }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(PorticoError)
      expect(error).not.toBeInstanceOf(UserRejectedRequestError)
      expect(account(portico)?.status ?? 'disconnected').toBe('disconnected')
    })

    it('a signature of the wrong length from the wallet gives a typed error', async () => {
      const { portico, wallet } = await connected()
      wallet.controls.tamperNext('signature')
      const error = await portico.signMessage({ message: 'short', namespace }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(PorticoError)
      expect(error).not.toBeInstanceOf(UserRejectedRequestError)
    })
  })
}
