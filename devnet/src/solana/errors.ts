// litesvm reports errors as const-enum numbers (absent at run time) or small
// classes; these turn them into the JSON shapes a Solana RPC node answers with.

const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

const INSTRUCTION_ERRORS =
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError'.split(
    ' ',
  )

/** The RPC's JSON form of a transaction error (`TransactionError` in @solana/kit's types). */
export type RpcTransactionError = string | Record<string, unknown>

function instructionError(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError'
  if (err && typeof err === 'object' && 'code' in err) return { Custom: (err as { code: number }).code }
  return 'BorshIoError'
}

/** Converts litesvm's `FailedTransactionMetadata.err()` to the RPC's error JSON. */
export function toRpcTransactionError(err: unknown): RpcTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure'
  if (err && typeof err === 'object') {
    const e = err as {
      index?: number
      accountIndex?: number
      err?: () => unknown
    }
    if (typeof e.err === 'function') return { InstructionError: [e.index ?? 0, instructionError(e.err())] }
    const kind = err.constructor?.name ?? ''
    if (kind.includes('DuplicateInstruction')) return { DuplicateInstruction: e.index ?? 0 }
    if (kind.includes('InsufficientFundsForRent'))
      return { InsufficientFundsForRent: { account_index: e.accountIndex ?? 0 } }
    if (kind.includes('ProgramExecutionTemporarilyRestricted')) {
      return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex ?? 0 } }
    }
  }
  return 'SanitizeFailure'
}
