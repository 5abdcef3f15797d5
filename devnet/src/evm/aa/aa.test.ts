import { createPublicClient, defineChain, http, parseAbi, parseEther } from 'viem'
import { createBundlerClient, entryPoint07Abi } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../../ports.js'
import { isAlive } from '../../process-service.js'
import { type AnvilProcess, rpc, startAnvil } from '../anvil.js'
import { toDevnetSimpleAccount } from './account.js'
import { type BundlerProcess, startBundler, stopBundler } from './bundler.js'
import { ENTRY_POINT_V07_ADDRESS } from './contracts.js'
import { deployAccountAbstraction, getAaFixtures, PAYMASTER_SIGNER_KEY } from './deploy.js'

const PAYMASTER_ABI = parseAbi([
  'function verifyingSigner() view returns (address)',
  'function entryPoint() view returns (address)',
  'function owner() view returns (address)',
])

describe('ERC-4337 v0.7 on the devnet', () => {
  let anvil: AnvilProcess
  let bundler: BundlerProcess | undefined
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: await getFreePort() })
  })
  afterAll(async () => {
    if (bundler) await stopBundler(bundler)
    anvil?.child.kill('SIGKILL')
  })

  it('deploys EntryPoint v0.7 at its canonical address 0x0000000071727De22E5E9d8BAf0edAc6f37da032, the SimpleAccountFactory and a VerifyingPaymaster', async () => {
    const fx = await deployAccountAbstraction(anvil.rpcUrl, 31337)
    expect(fx).toEqual(getAaFixtures())
    expect(fx.entryPoint).toBe(ENTRY_POINT_V07_ADDRESS)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    for (const a of [fx.entryPoint, fx.simpleAccountFactory, fx.verifyingPaymaster]) {
      expect((await client.getCode({ address: a }))?.length ?? 0).toBeGreaterThan(100)
    }
    // The paymaster trusts the gateway's key and is tied to the canonical EntryPoint.
    const read = (functionName: 'verifyingSigner' | 'entryPoint') =>
      client.readContract({ address: fx.verifyingPaymaster, abi: PAYMASTER_ABI, functionName })
    expect(await read('verifyingSigner')).toBe(privateKeyToAccount(PAYMASTER_SIGNER_KEY).address)
    expect(await read('entryPoint')).toBe(ENTRY_POINT_V07_ADDRESS)
  })

  it('funds the paymaster with a 1,000 ETH deposit and a 1 ETH stake (one-day unstake delay) at the EntryPoint', async () => {
    const fx = getAaFixtures()
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const info = await client.readContract({
      address: fx.entryPoint,
      abi: entryPoint07Abi,
      functionName: 'getDepositInfo',
      args: [fx.verifyingPaymaster],
    })
    expect(info.deposit).toBe(parseEther('1000'))
    expect(info.staked).toBe(true)
    expect(info.stake).toBe(parseEther('1'))
    expect(info.unstakeDelaySec).toBe(86_400)
  })

  it('is idempotent: deploying again on the same node changes nothing', async () => {
    const before = await rpc<string>(anvil.rpcUrl, 'eth_blockNumber')
    await deployAccountAbstraction(anvil.rpcUrl, 31337)
    expect(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber')).toBe(before)
  })

  it('runs @pimlico/alto on loopback: a self-funded counterfactual SimpleAccount is deployed by its first user operation', async () => {
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
    expect(bundler.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await rpc<string[]>(bundler.url, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_V07_ADDRESS])
    const chain = defineChain({
      id: 31337,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 })
    const owner = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
    const account = await toDevnetSimpleAccount({ client, owner })
    const address = await account.getAddress()
    expect(await client.getCode({ address })).toBeUndefined()
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const bundlerClient = createBundlerClient({
      client,
      chain,
      transport: http(bundler.url),
      pollingInterval: 100,
    })
    const to = privateKeyToAccount(`0x${'b2'.repeat(32)}`).address
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to, value: 12_345n }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 20_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(address)
    expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
    expect(await client.getBalance({ address: to })).toBe(12_345n)
  }, 90_000)

  it('stops the bundler by its PID', async () => {
    const pid = bundler!.pid
    await stopBundler(bundler!)
    bundler = undefined
    expect(isAlive(pid)).toBe(false)
  })
})
