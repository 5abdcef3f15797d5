import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as C from './index.js'

describe('SPEC §9 constants', () => {
  it('name every SPEC §9 number', () => {
    expect({
      emailCooldown: C.EMAIL_LOGIN_COOLDOWN_MS,
      balanceRetry: C.BALANCE_RETRY_BLOCK_MS,
      pairingMargin: C.PAIRING_EXPIRY_MARGIN_MS,
      pairingTtl: C.PAIRING_TTL_MS,
      shake: C.SHAKE_DURATION_MS,
      animations: [C.HEADER_TEXT_ANIMATION_MS, C.MODAL_HEIGHT_ANIMATION_MS, C.VIEW_TRANSITION_MS],
      imagePreload: C.IMAGE_PRELOAD_TIMEOUT_MS,
      rpc: [C.RPC_TIMEOUT_MS, C.RPC_BATCH_SIZE, C.RPC_POLLING_INTERVAL_MS],
      rank: [
        C.RPC_RANK_SAMPLE_COUNT,
        C.RPC_RANK_STABILITY_WEIGHT,
        C.RPC_RANK_LATENCY_WEIGHT,
        C.RPC_RANK_PING_TIMEOUT_MS,
      ],
      logBuffer: C.LOG_BUFFER_BYTES,
      errorReports: [C.ERROR_REPORT_LIMIT, C.ERROR_REPORT_WINDOW_MS],
      directory: [
        C.RECOMMENDED_WALLETS_COUNT,
        C.WALLETS_PER_PAGE,
        C.SEARCH_RESULTS_LIMIT,
        C.PENDING_TRANSACTIONS_LIMIT,
      ],
      slippage: C.SWAP_SLIPPAGE_TOLERANCE,
      embedded: [
        C.EMBEDDED_IFRAME_LOAD_TIMEOUT_MS,
        C.EMBEDDED_REQUEST_TIMEOUT_MS,
        C.EMBEDDED_SIGN_OUT_TIMEOUT_MS,
        C.EMBEDDED_IFRAME_READY_DELAY_MS,
      ],
      currencies: [C.DEFAULT_PURCHASE_CURRENCY, C.DEFAULT_PAYMENT_CURRENCY],
      decimalPlaces: C.DECIMAL_PLACES,
      errorCodes: [C.ERROR_CODE_UNRECOGNIZED_CHAIN, C.ERROR_CODE_DEFAULT, C.ERROR_CODE_INVALID_CHAIN_ID],
    }).toEqual({
      emailCooldown: 30_000,
      balanceRetry: 30_000,
      pairingMargin: 10_000,
      pairingTtl: 240_000,
      shake: 500,
      animations: [120, 150, 150],
      imagePreload: 2_000,
      rpc: [10_000, 1_000, 4_000],
      rank: [10, 0.7, 0.3, 1_000],
      logBuffer: 1_024_000,
      errorReports: [5, 60_000],
      directory: [4, 40, 100, 99],
      slippage: 1,
      embedded: [20_000, 120_000, 3_000, 500],
      currencies: ['USDC', 'USD'],
      decimalPlaces: 20,
      errorCodes: [4902, 5000, 32603],
    })
  })

  it('SDK_VERSION (sent as sv) equals the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(C.SDK_VERSION).toBe(pkg.version)
  })
})
