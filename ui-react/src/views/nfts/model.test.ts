import type { NftItem } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { applySent, groupByCollection, nftKey, type SentRecord } from './model.js'

const item = (
  contract: string,
  tokenId: string,
  amount = '1',
  standard: NftItem['standard'] = 'erc721',
): NftItem => ({
  chainId: 'eip155:31337',
  contract,
  standard,
  tokenId,
  amount,
  collection: { name: contract, symbol: null },
  metadata: { status: 'unavailable', reason: 'no_uri' },
  flags: { is_spam: false },
})
const A = `0x${'a'.repeat(40)}`
const B = `0x${'b'.repeat(40)}`

describe('NFT grid model', () => {
  it('groups by collection in first-seen order, contract case ignored', () => {
    const groups = groupByCollection([
      item(A, '1'),
      item(B, '1'),
      item(A.toUpperCase().replace('0X', '0x'), '2'),
    ])
    expect(groups.map((g) => g.items.map((i) => i.tokenId))).toEqual([['1', '2'], ['1']])
  })

  it('a sent item stays hidden (or reduced) until the gateway lists the new amount, then the record is dropped', () => {
    const sent = new Map<string, SentRecord>([
      [nftKey(item(A, '1')), { before: '1', left: 0n }],
      [nftKey(item(B, '7', '5', 'erc1155')), { before: '5', left: 3n }],
    ])
    // The indexer has not seen the sends yet: the ERC-721 is gone, the ERC-1155 shows what is left.
    expect(
      applySent([item(A, '1'), item(B, '7', '5', 'erc1155')], sent).map((i) => [i.tokenId, i.amount]),
    ).toEqual([['7', '3']])
    expect(sent.size).toBe(2)
    // It has: the gateway no longer lists the ERC-721 and shows 3 items; both records go.
    expect(applySent([item(B, '7', '3', 'erc1155')], sent).map((i) => i.amount)).toEqual(['3'])
    expect(sent.size).toBe(0)
  })
})
