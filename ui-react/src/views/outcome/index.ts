export { TransactionOutcomeNotice, type TransactionOutcomeNoticeProps } from './TransactionOutcomeNotice.js'
