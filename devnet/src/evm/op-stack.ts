import { type Hex, numberToHex, pad } from 'viem'
import { getFreePort } from '../ports.js'
import { stopPid } from '../process-service.js'
import { rpc, startAnvil } from './anvil.js'
import oracleArtifact from './artifacts/PorticoGasPriceOracle.json' with { type: 'json' }

/** The OP-stack `GasPriceOracle` predeploy address. */
export const OP_STACK_GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F' as const

/** The devnet's OP-stack chain id (an OP-stack anvil beside the two plain ones). */
export const OP_STACK_DEVNET_CHAIN_ID = 31_339

/** The L1 values the oracle prices the data fee with (Ecotone: per-byte gas × scaled L1 base and blob fees). */
export interface OpStackL1Fees {
  l1BaseFee: bigint
  blobBaseFee: bigint
  baseFeeScalar: number
  blobBaseFeeScalar: number
}

/** OP Mainnet-like L1 values: 20 gwei L1 base fee, 1 gwei blob base fee, its Ecotone scalars. */
export const OP_STACK_DEVNET_L1_FEES: OpStackL1Fees = {
  l1BaseFee: 20_000_000_000n,
  blobBaseFee: 1_000_000_000n,
  baseFeeScalar: 5_227,
  blobBaseFeeScalar: 1_014_213,
}

export interface OpStackDevnet {
  chainId: number
  rpcUrl: string
  /** Sets the L1 values the oracle reads (storage of the predeploy). */
  setL1Fees(fees: OpStackL1Fees): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts an anvil in its OP-stack mode (`--network optimism`: deposit
 * transactions, OP hardforks) on a free loopback port, with the devnet's
 * `PorticoGasPriceOracle` at the `GasPriceOracle` predeploy address. Anvil's
 * OP mode has no predeploys and charges no L1 data fee itself: the oracle
 * answers `getL1Fee(bytes)` with the Ecotone formula over L1 values the
 * devnet sets, so what a wallet reads from it can be checked, not what a
 * sequencer would charge.
 */
export async function startOpStackDevnet(
  l1Fees: OpStackL1Fees = OP_STACK_DEVNET_L1_FEES,
): Promise<OpStackDevnet> {
  let last: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const node = await startAnvil({
        chainId: OP_STACK_DEVNET_CHAIN_ID,
        port: await getFreePort(),
        extraArgs: ['--network', 'optimism'],
      })
      const killSync = () => node.child.kill('SIGKILL')
      process.once('exit', killSync)
      const devnet: OpStackDevnet = {
        chainId: node.chainId,
        rpcUrl: node.rpcUrl,
        setL1Fees: (fees) => setL1Fees(node.rpcUrl, fees),
        async stop() {
          process.off('exit', killSync)
          await stopPid(node.pid)
        },
      }
      try {
        await rpc(node.rpcUrl, 'anvil_setCode', [OP_STACK_GAS_PRICE_ORACLE, oracleArtifact.deployedBytecode])
        await devnet.setL1Fees(l1Fees)
      } catch (error) {
        await devnet.stop()
        throw error
      }
      return devnet
    } catch (error) {
      last = error
    }
  }
  throw last
}

const slot = (n: number): Hex => pad(numberToHex(n), { size: 32 })

// Storage of PorticoGasPriceOracle: slot 0 l1BaseFee, 1 blobBaseFee, 2 baseFeeScalar (low 4 bytes) | blobBaseFeeScalar (next 4).
async function setL1Fees(rpcUrl: string, fees: OpStackL1Fees): Promise<void> {
  const scalars = (BigInt(fees.blobBaseFeeScalar) << 32n) | BigInt(fees.baseFeeScalar)
  for (const [i, value] of [fees.l1BaseFee, fees.blobBaseFee, scalars].entries())
    await rpc(rpcUrl, 'anvil_setStorageAt', [
      OP_STACK_GAS_PRICE_ORACLE,
      slot(i),
      pad(numberToHex(value), { size: 32 }),
    ])
}
