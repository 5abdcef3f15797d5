// WalletConnect's user-rejection code 5000 through a real session: the
// devnet's loopback relay, a dApp-side sign-client handing the session to
// the adapter as its request channel, and the dev WalletConnect wallet told
// to answer a rejection with 5000 (WalletConnect SDK "User rejected.")
// instead of EIP-1193's 4001. Both must reach the app as
// UserRejectedRequestError.
import { UserRejectedRequestError } from '@portico/core'
import {
  type AnvilProcess,
  createDevWcWallet,
  type DevWcChannel,
  type DevWcWallet,
  getFreePort,
  openDevWcChannel,
  startAnvil,
  startWalletConnectRelay,
  userRejection,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { type Address, type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { anvil31337, withRpcUrls } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'

describe('evmAdapter over a real WalletConnect session: a rejection answered 5000 or 4001 is UserRejectedRequestError', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let node: AnvilProcess
  let wallet: DevWcWallet
  let session: DevWcChannel
  const adapter = () => {
    const a = evmAdapter({ networks: [withRpcUrls(anvil31337, [node.rpcUrl])], discovery: false })
    a.setup(createTestContext({ isBrowser: false }).ctx)
    return a
  }

  beforeAll(async () => {
    ;[relay, node] = await Promise.all([
      startWalletConnectRelay(),
      getFreePort().then((port) => startAnvil({ chainId: 31337, port })),
    ])
    wallet = await createDevWcWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': node.rpcUrl } })
    const { channel } = adapter()
    session = await openDevWcChannel({
      relayUrl: relay.url,
      wallet,
      namespace: 'eip155',
      chains: ['eip155:31337'],
      methods: channel.methods,
      events: channel.events,
    })
  })

  afterAll(async () => {
    await session?.close()
    await wallet?.stop()
    await relay?.stop()
    if (node && node.child.exitCode === null) {
      const exited = new Promise((resolve) => node.child.once('exit', resolve))
      node.child.kill('SIGTERM')
      await exited
    }
    guard.restore()
  })

  it('personal_sign refused with 5000 (the wallet’s switch) → UserRejectedRequestError; with 4001 too; then a signature verifies', async () => {
    const evm = adapter()
    const { accounts } = await evm.connect({ connectorId: 'walletConnect', channel: session.channel })
    const address = accounts[0]!.address
    expect(address).toBe(wallet.address)

    wallet.setRejectionCode(5000)
    wallet.rejectNext()
    const refused = await evm
      .signMessage({ connectorId: 'walletConnect', address, message: 'no' })
      .catch((e: unknown) => e)
    expect(wallet.requests.at(-1)?.error?.code).toBe(5000)
    expect(refused).toBeInstanceOf(UserRejectedRequestError)

    wallet.setRejectionCode(4001)
    wallet.rejectNext()
    const refused4001 = await evm
      .signMessage({ connectorId: 'walletConnect', address, message: 'no' })
      .catch((e: unknown) => e)
    expect(wallet.requests.at(-1)?.error?.code).toBe(4001)
    expect(refused4001).toBeInstanceOf(UserRejectedRequestError)

    const { signature } = await evm.signMessage({ connectorId: 'walletConnect', address, message: 'yes' })
    expect(
      await verifyMessage({ address: address as Address, message: 'yes', signature: signature as Hex }),
    ).toBe(true)
  })

  it('eth_sendTransaction refused with userRejection(5000) → UserRejectedRequestError, nothing sent', async () => {
    const evm = adapter()
    const { accounts } = await evm.connect({ connectorId: 'walletConnect', channel: session.channel })
    wallet.rejectNext(userRejection(5000))
    const refused = await evm
      .sendTransaction({
        connectorId: 'walletConnect',
        address: accounts[0]!.address,
        caipNetworkId: 'eip155:31337',
        request: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n },
      })
      .catch((e: unknown) => e)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'eth_sendTransaction', outcome: 'rejected' })
    expect(wallet.requests.at(-1)?.error?.code).toBe(5000)
    expect(refused).toBeInstanceOf(UserRejectedRequestError)
  })
})
