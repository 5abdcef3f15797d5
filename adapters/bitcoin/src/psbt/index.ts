export {
  type BuiltPayment,
  buildPayment,
  canSpendFrom,
  DUST_LIMITS,
  type PaymentSource,
  type PaymentTarget,
  RBF_SEQUENCE,
  sweepFee,
} from './build.js'
export { assertSamePayment, decodePsbt, finalizeAndExtract } from './check.js'
