export const VOUCHER_CARDS_PER_PAGE = [4, 6, 8, 10, 12] as const;

/** Messages of the Vouchers and Multi-Site Vouchers screens and of their shared schemas. */
export const VOUCHER_MESSAGES = {
  batchId: 'Batch Id must be a four-digit number',
  batchIdTaken: 'This Batch Id is already used: choose another',
  noFreeBatchId: 'Every four-digit Batch Id is used: delete an old batch first',
  validUntilPast: 'Choose a date in the future',
  validUntilFormat: 'Enter a date such as 2026-12-31 or a date and time',
  durationTooLong: 'A voucher lasts at most 366 days',
  durationType: 'Choose minutes, hours or days',
  siteNotFound: 'Choose sites of this account',
  codeOrQr: 'Print the code, the QR code or both',
  qrBaseUrl: 'Enter an address starting with http:// (gateways cannot redirect https:// pages before login)',
  cardsPerPage: `Choose ${VOUCHER_CARDS_PER_PAGE.join(', ')} cards per page`,
  logoFormat: 'Upload a PNG or JPEG image: only those can be printed',
  logoNotUploaded: 'Upload the logo for vouchers first',
  planLimit:
    'Your plan allows {{limit}} vouchers activated per billing period and in this one they are all used: guests cannot start new vouchers until the next period or until the plan is upgraded.',
  deleted: 'Deleted',
  disconnected: 'Disconnected',
  deviceNotFound: 'This device is not connected to this voucher',
  batchNotFound: 'No such voucher batch',
  voucherNotFound: 'No such voucher',
} satisfies Record<string, string>;
