import { decodeAbiParameters, type Hex, hexToBigInt, type Log } from 'viem'
import type { Statement } from '../storage/index.js'

/** keccak256("Transfer(address,address,uint256)"): ERC-721 when the token id is indexed (4 topics). */
export const ERC721_TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("TransferSingle(address,address,address,uint256,uint256)") — ERC-1155. */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
/** keccak256("TransferBatch(address,address,address,uint256[],uint256[])") — ERC-1155. */
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

export interface NftRow {
  txHash: string
  logIndex: number
  item: number
  blockNumber: bigint
  standard: 'erc721' | 'erc1155'
  token: string
  tokenId: string
  from: string
  to: string
  amount: string
}

const topicAddress = (topic: Hex | undefined) => `0x${(topic ?? '').slice(-40)}`.toLowerCase()

/**
 * The NFT movements in a range's logs. A log that does not decode (a contract
 * emitting an event of the same name with other data) is skipped and counted
 * in `skipped`: it is not a standard transfer and moves nothing we can show.
 */
export function nftRows(logs: Log[]): { rows: NftRow[]; skipped: number } {
  const rows: NftRow[] = []
  let skipped = 0
  for (const log of logs) {
    const [topic0] = log.topics
    const base = {
      txHash: log.transactionHash!,
      logIndex: Number(log.logIndex),
      blockNumber: BigInt(log.blockNumber!),
      token: log.address.toLowerCase(),
    }
    try {
      if (topic0 === ERC721_TRANSFER_TOPIC && log.topics.length === 4) {
        rows.push({
          ...base,
          item: 0,
          standard: 'erc721',
          from: topicAddress(log.topics[1]),
          to: topicAddress(log.topics[2]),
          tokenId: hexToBigInt(log.topics[3]!).toString(),
          amount: '1',
        })
      } else if (topic0 === TRANSFER_SINGLE_TOPIC && log.topics.length === 4) {
        const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
        rows.push({
          ...base,
          item: 0,
          standard: 'erc1155',
          from: topicAddress(log.topics[2]),
          to: topicAddress(log.topics[3]),
          tokenId: id.toString(),
          amount: value.toString(),
        })
      } else if (topic0 === TRANSFER_BATCH_TOPIC && log.topics.length === 4) {
        const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
        if (ids.length !== values.length) {
          skipped++
          continue
        }
        ids.forEach((id, item) => {
          rows.push({
            ...base,
            item,
            standard: 'erc1155',
            from: topicAddress(log.topics[2]),
            to: topicAddress(log.topics[3]),
            tokenId: id.toString(),
            amount: values[item]!.toString(),
          })
        })
      }
    } catch {
      skipped++
    }
  }
  return { rows, skipped }
}

/** The statements that store a checked range's NFT movements (idempotent). */
export function nftStatements(chain: string, logs: Log[]): Statement[] {
  return nftRows(logs).rows.map((r) => ({
    sql: `INSERT INTO nft_transfers (chain, tx_hash, log_index, item, block_number, standard, token, token_id, from_addr, to_addr, amount)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain, tx_hash, log_index, item) DO NOTHING`,
    params: [
      chain,
      r.txHash,
      r.logIndex,
      r.item,
      Number(r.blockNumber),
      r.standard,
      r.token,
      r.tokenId,
      r.from,
      r.to,
      r.amount,
    ],
  }))
}
