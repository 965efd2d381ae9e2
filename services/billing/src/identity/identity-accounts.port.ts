import type { InternalAccountBody, InternalAccountResponse } from '@limo/contracts';
import { HttpError } from '@limo/platform';

/** Who billing acts for: their address and request id travel along, so identity's per-IP limits count them. */
export interface OnBehalfOf {
  ip: string;
  id: string;
}

/**
 * Identity's accounts as billing needs them for a paid-listing sign-up. Implemented over identity's
 * internal routes (the internal secret, never a public route); tests give an in-memory one.
 */
export interface IdentityAccounts {
  /**
   * The business account of sign-up `signUpId` (made once however often asked) and a session for it.
   * Throws AccountRefused when identity refused it (nothing was made); any other error leaves the
   * outcome unknown.
   */
  create(input: InternalAccountBody, onBehalfOf: OnBehalfOf): Promise<InternalAccountResponse>;
  /** Removes the account made for `signUpId`, if any; whether one was removed. */
  removeSignUpAccount(signUpId: string): Promise<boolean>;
}

/** Identity refused the account (taken e-mail, sign-up limit, bad input): the visitor is told as identity told us. */
export class AccountRefused extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    /** Identity's Retry-After for a 429, passed on to the visitor. */
    readonly retryAfter: string | null = null,
  ) {
    super(statusCode, message);
  }
}
