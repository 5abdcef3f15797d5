import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAlive } from '../process-service.js'
import { rpc } from './anvil.js'
import { DEVNET_CHAIN_IDS, type EvmDevnet, startEvmDevnet } from './devnet.js'
import { artifacts, getEvmFixtures, MULTICALL3_ADDRESS } from './fixtures.js'

describe('startEvmDevnet', () => {
  let devnet: EvmDevnet
  beforeAll(async () => {
    devnet = await startEvmDevnet()
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  it('starts two anvil nodes on 127.0.0.1 with chain ids 31337 and 31338', async () => {
    expect(devnet.chains.map((c) => c.chainId)).toEqual([...DEVNET_CHAIN_IDS])
    for (const chain of devnet.chains) {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(Number(await rpc<string>(chain.rpcUrl, 'eth_chainId'))).toBe(chain.chainId)
    }
  })

  it('deploys the fixtures at the same deterministic addresses on both chains', async () => {
    expect(devnet.fixtures).toEqual(getEvmFixtures())
    expect(devnet.fixtures.tokens.map((t) => [t.symbol, t.decimals])).toEqual([
      ['USDC', 6],
      ['DAI', 18],
    ])
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      for (const token of devnet.fixtures.tokens) {
        const [symbol, decimals, balance] = await Promise.all([
          client.readContract({ address: token.address, abi: erc20Abi, functionName: 'symbol' }),
          client.readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' }),
          client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [devnet.fixtures.accounts[0]!.address],
          }),
        ])
        expect({ symbol, decimals }).toEqual({ symbol: token.symbol, decimals: token.decimals })
        expect(balance).toBe(parseUnits(devnet.fixtures.tokenGrant, token.decimals))
      }
    }
  })

  it('installs Multicall3 at its canonical address: aggregate3 + getEthBalance in one eth_call', async () => {
    const chain = devnet.chains[1]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const owner = devnet.fixtures.accounts[0]!.address
    const [eth, usdc] = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: false,
      contracts: [
        {
          address: MULTICALL3_ADDRESS,
          abi: artifacts.Multicall3.abi,
          functionName: 'getEthBalance',
          args: [owner],
        },
        {
          address: devnet.fixtures.tokens[0]!.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        },
      ],
    })
    expect(eth).toBe(parseUnits('10000', 18))
    expect(usdc).toBe(parseUnits('1000000', 6))
  })

  it('mints the ERC-721 fixture to the first dev accounts', async () => {
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const { collectible, accounts } = devnet.fixtures
    const owner = await client.readContract({
      address: collectible.address,
      abi: artifacts.PorticoCollectible.abi,
      functionName: 'ownerOf',
      args: [3n],
    })
    expect(owner).toBe(collectible.owners['3'])
    expect(owner).toBe(accounts[1]!.address)
  })

  it('the ERC-721 tokenURI is on-chain JSON (a data: URI) with an SVG image, named after the id', async () => {
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const uri = (await client.readContract({
      address: devnet.fixtures.collectible.address,
      abi: artifacts.PorticoCollectible.abi,
      functionName: 'tokenURI',
      args: [3n],
    })) as string
    expect(uri.startsWith('data:application/json,')).toBe(true)
    const meta = JSON.parse(decodeURIComponent(uri.slice('data:application/json,'.length)))
    expect(meta.name).toBe('Portico Pass #3')
    expect(meta.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('mints every ERC-1155 item to the first dev accounts, with on-chain metadata', async () => {
    const client = createPublicClient({ transport: http(devnet.chains[1]!.rpcUrl) })
    const { multiToken } = devnet.fixtures
    for (const holder of multiToken.holders) {
      for (const item of multiToken.items) {
        const balance = await client.readContract({
          address: multiToken.address,
          abi: artifacts.PorticoMultiToken.abi,
          functionName: 'balanceOf',
          args: [holder, BigInt(item.id)],
        })
        expect(balance).toBe(BigInt(item.amount))
      }
    }
    const uri = (await client.readContract({
      address: multiToken.address,
      abi: artifacts.PorticoMultiToken.abi,
      functionName: 'uri',
      args: [2n],
    })) as string
    const meta = JSON.parse(decodeURIComponent(uri.slice('data:application/json,'.length)))
    expect(meta.name).toBe('Sapphire Badge')
    expect(meta.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('stop() kills both nodes and is idempotent', async () => {
    const other = await startEvmDevnet()
    const pids = other.chains.map((c) => c.pid)
    expect(pids.every(isAlive)).toBe(true)
    await other.stop()
    await other.stop()
    expect(pids.some(isAlive)).toBe(false)
  })
})
