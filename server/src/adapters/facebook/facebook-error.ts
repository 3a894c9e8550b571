export type FacebookErrorCode = 'not_configured' | 'exchange_failed' | 'profile_failed' | 'unreachable';

/** A Facebook Login failure, with a message an operator can act on (never a secret or a token in it). */
export class FacebookError extends Error {
  override readonly name = 'FacebookError';
  constructor(
    readonly code: FacebookErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
