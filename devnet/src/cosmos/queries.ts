import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { Tx } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import type { CosmosChain } from './chain.js'
import { checkAddress } from './decode.js'
import { fail, SDK_CODES } from './errors.js'
import { FEEMARKET_GAS_PRICE_PATH } from './feemarket.js'
import { OSMOSIS_EIP_BASE_FEE_PATH } from './osmosis-txfees.js'
import type { AuthAccount } from './store.js'

/** The account as the auth module's `Any` (a BaseAccount with its key once known). */
export function accountAny(account: AuthAccount): Any {
  return {
    typeUrl: '/cosmos.auth.v1beta1.BaseAccount',
    value: BaseAccount.encode({
      address: account.address,
      pubKey: account.pubKey
        ? {
            typeUrl: '/cosmos.crypto.secp256k1.PubKey',
            value: PubKey.encode({ key: account.pubKey }).finish(),
          }
        : undefined,
      accountNumber: account.accountNumber,
      sequence: account.sequence,
    }).finish(),
  }
}

/** The account or the NotFound a real node answers (code 22 with the gRPC status text CosmJS looks for). */
export function getAccount(chain: CosmosChain, address: string): AuthAccount {
  checkAddress(address, chain.spec.bech32Prefix, 'account')
  const account = chain.store.accounts.get(address)
  if (!account)
    fail(
      SDK_CODES.keyNotFound,
      `rpc error: code = NotFound desc = account ${address} not found`,
      'key not found',
    )
  return account
}

/** A Simulate request's transaction as bytes (`tx_bytes`, or the deprecated `tx`: `Tx` and `TxRaw` share a wire format). */
function simulateBytes(request: SimulateRequest): Uint8Array {
  if (request.txBytes.length > 0) return request.txBytes
  if (!request.tx) fail(SDK_CODES.invalidRequest, 'empty txBytes is not allowed', 'invalid request')
  return Tx.encode(request.tx).finish()
}

type Handler = (chain: CosmosChain, data: Uint8Array) => Uint8Array

/** gRPC query services reachable through `abci_query` by path, as a Cosmos SDK app routes them. */
export const QUERY_ROUTES: Record<string, Handler> = {
  '/cosmos.auth.v1beta1.Query/Account': (chain, data) => {
    const { address } = QueryAccountRequest.decode(data)
    return QueryAccountResponse.encode({ account: accountAny(getAccount(chain, address)) }).finish()
  },
  '/cosmos.bank.v1beta1.Query/Balance': (chain, data) => {
    const { address, denom } = QueryBalanceRequest.decode(data)
    checkAddress(address, chain.spec.bech32Prefix, 'account')
    if (!denom) fail(SDK_CODES.invalidCoins, 'invalid denom', 'invalid coins')
    const amount = chain.store.balance(address, denom).toString()
    return QueryBalanceResponse.encode({ balance: { denom, amount } }).finish()
  },
  '/cosmos.bank.v1beta1.Query/AllBalances': (chain, data) => {
    const { address } = QueryAllBalancesRequest.decode(data)
    checkAddress(address, chain.spec.bech32Prefix, 'account')
    const balances = chain.store.allBalances(address)
    return QueryAllBalancesResponse.encode({
      balances,
      pagination: { nextKey: new Uint8Array(), total: BigInt(balances.length) },
    }).finish()
  },
  [FEEMARKET_GAS_PRICE_PATH]: (chain, data) => {
    // A chain without the module does not route its queries (as a real app answers: unknown path).
    if (chain.feeMarket?.kind !== 'skip-feemarket')
      fail(SDK_CODES.unknownRequest, `unknown query path: ${FEEMARKET_GAS_PRICE_PATH}`, 'unknown request')
    return chain.feeMarket.answerGasPrice(data)
  },
  [OSMOSIS_EIP_BASE_FEE_PATH]: (chain, data) => {
    if (chain.feeMarket?.kind !== 'osmosis-eip')
      fail(SDK_CODES.unknownRequest, `unknown query path: ${OSMOSIS_EIP_BASE_FEE_PATH}`, 'unknown request')
    return chain.feeMarket.answerEipBaseFee(data)
  },
  '/cosmos.tx.v1beta1.Service/Simulate': (chain, data) => {
    const result = chain.simulate(simulateBytes(SimulateRequest.decode(data)))
    return SimulateResponse.encode({
      gasInfo: { gasWanted: result.gasWanted, gasUsed: result.gasUsed },
      result: {
        data: new Uint8Array(),
        log: '',
        events: result.events.map((e) => ({ type: e.type, attributes: e.attributes })),
        msgResponses: [],
      },
    }).finish()
  },
}
