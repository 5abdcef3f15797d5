/**
 * Every visible English string of the plugin's views, in one place (a locale
 * catalogue can replace this object later). Texts quoted from SPEC §8 are in
 * the core's errors, not here.
 */
export const strings = {
  emailLabel: 'Email',
  emailPlaceholder: 'Email',
  continue: 'Continue',
  sending: 'Sending code…',
  invalidEmail: 'Enter a valid email address',
  orContinueWith: 'or continue with a wallet',
  otpTitle: 'Confirm email',
  otpIntro: 'Enter the 6-digit code sent to',
  otpLabel: 'Login code',
  otpHint: 'The code expires in 10 minutes.',
  verifying: 'Verifying…',
  connecting: 'Creating your wallet…',
  resend: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds} s`,
  resent: 'A new code is on its way.',
  approveInFrame: 'Approve the request in the secure window.',
  socialLabel: 'Log in with',
  continueWith: (provider: string) => `Continue with ${provider}`,
  socialMore: 'More',
  socialWaiting: 'Waiting for the login window…',
  socialClosed: 'The login window was closed. Choose a way to log in.',
  socialBlocked: 'The login window was blocked. Allow pop-ups for this site and try again.',
  custody:
    'Your key is split: one part stays in this browser, one on the site’s gateway. Neither the site nor the gateway can sign alone.',
} as const
