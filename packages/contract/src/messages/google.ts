/** Messages of signing in with Google (OpenID Connect): the answer Google sent back and what it says of the user. */
export const GOOGLE_MESSAGES = {
  off: 'Sign-in with Google is not available on this server',
  stateMismatch: 'This Google sign-in was not started here or has expired. Please try again.',
  cancelled: 'Google sign-in was cancelled',
  providerUnreachable: 'Google cannot be reached right now. Please try again later or sign in with your password.',
  tokenRefused: 'Google did not confirm this sign-in. Please try again.',
  idTokenInvalid: 'Google’s answer could not be verified. Please try again.',
  emailNotVerified: 'Google has not verified this email address, so it cannot be used to sign in',
  accountEmailNotVerified:
    'An account uses this email but has not verified it yet: sign in with your password or use the verification link we sent, then try Google again',
  invitationPending: 'This email has an invitation that is not accepted yet: accept it from the invitation email first',
} satisfies Record<string, string>;
