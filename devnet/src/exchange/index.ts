export {
  EXCHANGE_SANDBOX_CHAIN_IDS,
  EXCHANGE_SANDBOX_PASSWORD,
  type ExchangeSandbox,
  type ExchangeSandboxOptions,
  startExchangeSandbox,
} from './server.js'
