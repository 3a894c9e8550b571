export const SMS_MAX_EXTRA_PARAMS = 10;
export const SMS_TIMEOUT_MIN = 1;
export const SMS_TIMEOUT_MAX = 30;

/** Messages of a site's SMS gateway: its settings, its test and why it cannot send. */
export const SMS_MESSAGES = {
  sendFailed: 'Failed to send SMS',
  /** With the gateway's answer, for the provider's support. */
  sendFailedDetail: 'Failed to send SMS. {{detail}}',
  notConfigured: 'The SMS gateway is not set up: enter its address and save it first',
  switchedOff: 'The SMS gateway of this site is switched off',
  secretsUnreadable: 'The SMS gateway credentials cannot be decrypted (was SECRET_KEY changed?); enter them again',
  incomplete: 'The SMS gateway settings are incomplete: {{problems}}',
  url: 'Enter the gateway address, starting with http:// or https://',
  urlCredentials: 'Put the user name and password under HTTP basic authentication, not in the address',
  urlRequired: 'Enter the gateway address to turn SMS on',
  usernameRequired: 'Enter the user name for HTTP basic authentication',
  username: 'The user name cannot contain a colon',
  passwordRequired: 'Enter the password for HTTP basic authentication',
  headerName: 'Enter a header name such as X-API-Key (letters, digits and - only)',
  headerNameReserved: 'This header is set by the request itself; choose another one',
  headerNameRequired: 'Enter the name of the header that carries your API key, such as X-API-Key',
  headerValue: 'Use printable ASCII characters only, on one line',
  headerValueRequired: 'Enter the header value (your API key)',
  paramName: 'Use letters, digits and _ . - [ ] only',
  paramRequired: 'Enter the parameter name',
  sameParams: 'Use a different name from the number parameter',
  duplicateParam: 'This parameter is already in the list',
  reservedParam: 'This name is already used for the number or the message',
  extraValueRequired: 'Enter the value of this secret parameter',
  tooManyParams: `Add at most ${SMS_MAX_EXTRA_PARAMS} extra parameters`,
  timeout: `Use a timeout between ${SMS_TIMEOUT_MIN} and ${SMS_TIMEOUT_MAX} seconds`,
  secretAgain: 'Enter this again: saved secrets are only sent to the address they were saved for',
  phone: 'Enter a valid phone number, such as +34 600 111 222',
  phoneRequired: 'Enter the phone number to send the test to',
} satisfies Record<string, string>;
