import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { encodePubkey, makeAuthInfoBytes, makeSignBytes, Registry } from '@cosmjs/proto-signing'
import { defaultRegistryTypes } from '@cosmjs/stargate'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { GenericAuthorization } from 'cosmjs-types/cosmos/authz/v1beta1/authz'
import { MsgGrant } from 'cosmjs-types/cosmos/authz/v1beta1/tx'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { MsgDelegate } from 'cosmjs-types/cosmos/staking/v1beta1/tx'
import { TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import type { ChainRequest } from './chain-keys.js'
import { cosmosKeys } from './cosmos/index.js'

const HUB = 'portico-hub-1'
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 3)
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))
const OTHER = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
const VALOPER = 'cosmosvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5xvfr4z'
const registry = new Registry(defaultRegistryTypes)

function parse(payload: Record<string, unknown>): ChainRequest {
  const request = cosmosKeys.parse({ type: 'cosmos', chainId: `cosmos:${HUB}`, ...payload })
  if (!request) throw new Error('the request did not parse')
  return request
}

async function me() {
  const publicKey = await cosmosKeys.publicKey(secret)
  const [a] = cosmosKeys.answerPublic(
    parse({ method: 'cosmos_getAccounts', params: { bech32Prefix: 'cosmos' } }),
    publicKey,
  ) as {
    address: string
    pubkey: string
  }[]
  if (!a) throw new Error('no account')
  return { ...a, publicKey }
}

type Signed = {
  signed: { bodyBytes: string; authInfoBytes: string; chainId: string; accountNumber: string }
  signature: { signature: string }
}

describe('Cosmos card: what the card shows is what the signed doc says (issue 29)', () => {
  it('a MsgSend is read from the signed body; a MsgDelegate is named a blind signature; an authz MsgGrant is called out with grantee, what it allows and until when', async () => {
    const a = await me()
    const messages = [
      {
        typeUrl: '/cosmos.bank.v1beta1.MsgSend',
        value: MsgSend.fromPartial({
          fromAddress: a.address,
          toAddress: OTHER,
          amount: [{ denom: 'uatom', amount: '777' }],
        }),
      },
      {
        typeUrl: '/cosmos.staking.v1beta1.MsgDelegate',
        value: MsgDelegate.fromPartial({
          delegatorAddress: a.address,
          validatorAddress: VALOPER,
          amount: { denom: 'uatom', amount: '5' },
        }),
      },
      {
        typeUrl: '/cosmos.authz.v1beta1.MsgGrant',
        value: MsgGrant.fromPartial({
          granter: a.address,
          grantee: OTHER,
          grant: {
            authorization: {
              typeUrl: '/cosmos.authz.v1beta1.GenericAuthorization',
              value: GenericAuthorization.encode({ msg: '/cosmos.bank.v1beta1.MsgSend' }).finish(),
            },
            expiration: { seconds: 1_900_000_000n, nanos: 0 },
          },
        }),
      },
    ]
    const bodyBytes = registry.encode({
      typeUrl: '/cosmos.tx.v1beta1.TxBody',
      value: { messages, memo: 'm'.repeat(600) },
    })
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(fromB64(a.pubkey))), sequence: 1 }],
      [{ denom: 'uatom', amount: '900' }],
      150000,
      undefined,
      undefined,
    )
    const signDoc = {
      chainId: HUB,
      accountNumber: '4',
      authInfoBytes: b64(authInfoBytes),
      bodyBytes: b64(bodyBytes),
    }
    const request = parse({ method: 'cosmos_signDirect', params: { signerAddress: a.address, signDoc } })
    const card = cosmosKeys.describe(request, a.publicKey)
    const out = (await cosmosKeys.sign(secret, request)) as Signed

    // The signature is over exactly the doc answered; CosmJS's registry reads that doc's messages.
    const signBytes = makeSignBytes({
      chainId: out.signed.chainId,
      accountNumber: BigInt(out.signed.accountNumber),
      authInfoBytes: fromB64(out.signed.authInfoBytes),
      bodyBytes: fromB64(out.signed.bodyBytes),
    })
    expect(
      secp256k1.verify(fromB64(out.signature.signature), sha256(signBytes), fromB64(a.pubkey), {
        lowS: true,
      }),
    ).toBe(true)
    const body = TxBody.decode(fromB64(out.signed.bodyBytes))
    const [send, delegate, grant] = body.messages.map((m) => ({
      typeUrl: m.typeUrl,
      value: registry.decode(m),
    }))
    if (!send || !delegate || !grant) throw new Error('messages missing')
    const granted = MsgGrant.decode(body.messages[2]?.value as Uint8Array)

    expect(card.lines).toEqual([
      `Send ${send.value.amount[0].amount} ${send.value.amount[0].denom} to ${send.value.toAddress}`,
      `Message: ${delegate.typeUrl}`,
      `Message: ${grant.typeUrl}`,
      // The memo whole: 600 characters, not cut.
      `Memo: ${body.memo}`,
      'Fee: 900 uatom (gas limit 150000)',
      `Network: ${HUB}`,
    ])
    expect(body.memo).toHaveLength(600)
    expect(card.warnings).toEqual([
      'Blind signature: this wallet does not decode /cosmos.staking.v1beta1.MsgDelegate. It may move anything this account controls; its bytes are shown below.',
      `Authz grant: ${granted.grantee} may sign any ${GenericAuthorization.decode(granted.grant.authorization?.value as Uint8Array).msg} for this account, until ${new Date(Number(granted.grant.expiration?.seconds) * 1000).toISOString()}, without asking you again.`,
    ])
    expect(card.details).toEqual([
      {
        label: 'Message 2: /cosmos.staking.v1beta1.MsgDelegate',
        text: b64(body.messages[1]?.value as Uint8Array),
      },
      {
        label: 'Message 3: /cosmos.authz.v1beta1.MsgGrant',
        text: b64(body.messages[2]?.value as Uint8Array),
      },
    ])
  })

  it('amino: a grant with no expiration says so; any other message type is blind and shown whole as JSON', async () => {
    const a = await me()
    const grant = {
      type: 'cosmos-sdk/MsgGrant',
      value: {
        granter: a.address,
        grantee: OTHER,
        grant: {
          authorization: {
            type: 'cosmos-sdk/GenericAuthorization',
            value: { msg: '/cosmos.staking.v1beta1.MsgDelegate' },
          },
        },
      },
    }
    const vote = { type: 'cosmos-sdk/MsgVote', value: { proposal_id: '1', voter: a.address, option: 1 } }
    const doc = {
      chain_id: HUB,
      account_number: '4',
      sequence: '1',
      fee: { amount: [], gas: '100000' },
      msgs: [grant, vote],
      memo: '',
    }
    const request = parse({ method: 'cosmos_signAmino', params: { signerAddress: a.address, signDoc: doc } })
    const card = cosmosKeys.describe(request, a.publicKey)
    const out = (await cosmosKeys.sign(secret, request)) as { signed: typeof doc }
    expect(out.signed).toEqual(doc)
    expect(card.warnings).toEqual([
      `Authz grant: ${OTHER} may sign any /cosmos.staking.v1beta1.MsgDelegate for this account, with no end date, without asking you again.`,
      'Blind signature: this wallet does not decode cosmos-sdk/MsgVote. It may move anything this account controls; its bytes are shown below.',
    ])
    expect(card.details?.map((d) => JSON.parse(d.text))).toEqual([grant.value, vote.value])
  })
})
