/**
 * The smart-account texts (English). Kept beside the views until they join
 * the shared string tables (ui-react/src/i18n), which other work is reshaping.
 */
export const SMART_ACCOUNT_TEXT = {
  smartAccount: 'Smart account',
  eoa: 'EOA',
  accountType: 'Account type',
  notDeployed: 'Not deployed yet',
  switchToSmart: 'Switch to smart account',
  switchToEoa: 'Switch to EOA',
  switchFailed: 'Could not switch the account',
  sponsoredBy: (name: string) => `Sponsored by ${name}`,
  sponsorshipRefused: 'Gas sponsorship was refused',
  payGasYourself: 'Pay gas yourself',
  payGasHint: 'Your account pays the network fee for this transaction instead.',
} as const
