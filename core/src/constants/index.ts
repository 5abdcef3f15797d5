/**
 * Every number of SPEC §9 (and the §4/§5 numbers it repeats), named, in one
 * module. Durations are milliseconds unless the name says otherwise.
 */

/** Email-login cool-down (SPEC §4, §9). */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** Balance retry is blocked for this long after a failure (SPEC §9). */
export const BALANCE_RETRY_BLOCK_MS = 30_000
/** A pairing counts as expired when this much or less remains (SPEC §4, §9). */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** A new pairing lasts 4 minutes (SPEC §4, §9). */
export const PAIRING_TTL_MS = 4 * 60_000
/** The shake flag stays on for 500 ms (SPEC §4, §9). */
export const SHAKE_DURATION_MS = 500
/** Animations (SPEC §9). */
export const HEADER_TEXT_ANIMATION_MS = 120
export const MODAL_HEIGHT_ANIMATION_MS = 150
export const VIEW_TRANSITION_MS = 150
/** Image preload time-out (SPEC §9). */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
/**
 * Longest `open()` waits for the adapters' and plugins' setup and the
 * reconnect before it shows the view anyway (not a SPEC number: a cap so a
 * stuck plugin never turns the click into nothing). The modal is visible,
 * on its loading state, from the start of the wait.
 */
export const OPEN_READY_TIMEOUT_MS = 4_000
/** Farcaster back rule: app metadata resync delay (SPEC §2). */
export const FARCASTER_METADATA_RESYNC_MS = 100

/** RPC transport (SPEC §9). */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1_000
export const RPC_POLLING_INTERVAL_MS = 4_000
export const RPC_RANK_SAMPLE_COUNT = 10
export const RPC_RANK_STABILITY_WEIGHT = 0.7
export const RPC_RANK_LATENCY_WEIGHT = 0.3
export const RPC_RANK_PING_TIMEOUT_MS = 1_000

/** Log buffer size, about 1,024,000 bytes (SPEC §9). */
export const LOG_BUFFER_BYTES = 1_024_000
/** Error reporting: at most 5 events per 60 s (SPEC §9). */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/** Wallet directory (SPEC §9). */
export const RECOMMENDED_WALLETS_COUNT = 4
export const WALLETS_PER_PAGE = 40
export const SEARCH_RESULTS_LIMIT = 100
export const PENDING_TRANSACTIONS_LIMIT = 99

/** Swap slippage tolerance, in percent (SPEC §9: "1 in one reading"). */
export const SWAP_SLIPPAGE_TOLERANCE = 1

/** Embedded wallet (SPEC §9). */
export const EMBEDDED_IFRAME_LOAD_TIMEOUT_MS = 20_000
export const EMBEDDED_REQUEST_TIMEOUT_MS = 120_000
export const EMBEDDED_SIGN_OUT_TIMEOUT_MS = 3_000
export const EMBEDDED_IFRAME_READY_DELAY_MS = 500

/** Onramp defaults (SPEC §4, §5, §9). */
export const DEFAULT_PURCHASE_CURRENCY = 'USDC'
export const DEFAULT_PAYMENT_CURRENCY = 'USD'
export const ONRAMP_DEFAULT_MIN = '10.00'
export const ONRAMP_DEFAULT_MAX_CARD = '7500.00'
export const ONRAMP_DEFAULT_MAX_ACH = '25000.00'

/** Decimal library precision: 20 places (SPEC §9). */
export const DECIMAL_PLACES = 20
/** Token balances are truncated to 3 decimals, fiat shows 2 (SPEC §5). */
export const BALANCE_DECIMALS = 3
export const FIAT_DECIMALS = 2
/** Emails longer than this are shortened with an ellipsis (SPEC §2). */
export const EMAIL_DISPLAY_MAX_LENGTH = 30
/** Identity names need at least 4 characters (SPEC §5). */
export const NAME_MIN_LENGTH = 4

/** Modal layout (SPEC §2). */
export const MODAL_WIDTH_PX = 360
export const DEFAULT_Z_INDEX = 999
/** Below this viewport width the modal is a bottom sheet. */
export const BOTTOM_SHEET_MAX_WIDTH_PX = 430

/** Error codes (SPEC §8). */
export const ERROR_CODE_UNRECOGNIZED_CHAIN = 4902
export const ERROR_CODE_DEFAULT = 5000
export const ERROR_CODE_INVALID_CHAIN_ID = 32603
/** EIP-1193 codes mapped by adapters. */
export const ERROR_CODE_USER_REJECTED = 4001
export const ERROR_CODE_UNAUTHORIZED = 4100
export const ERROR_CODE_UNSUPPORTED_METHOD = 4200
export const ERROR_CODE_DISCONNECTED = 4900
export const ERROR_CODE_CHAIN_DISCONNECTED = 4901
/** EIP-1474 internal JSON-RPC error (the negative twin of SPEC's 32603). */
export const ERROR_CODE_INTERNAL_RPC = -32603

/** SDK identity sent as `st` / `sv` on every API call (SPEC §7). Kept equal to package.json by a test. */
export const SDK_TYPE = 'portico'
export const SDK_VERSION = '0.1.0'
/** In-memory cache lifetimes of the blockchain API client (identity and balance are cached, SPEC §7). */
export const IDENTITY_CACHE_TTL_MS = 24 * 60 * 60_000
export const BALANCE_CACHE_TTL_MS = 30_000
