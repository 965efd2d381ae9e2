import { internalAccountRemovedSchema, internalAccountResponseSchema } from '@limo/contracts';
import { internalCallHeaders } from '@limo/platform';
import { AccountRefused, type IdentityAccounts } from './identity-accounts.port.js';

const GENERIC_REFUSAL = 'Failed to create your business listing. Please try again.';

/** IdentityAccounts over identity's `/internal/accounts` routes, with the internal secret. */
export function httpIdentityAccounts(identityUrl: string, internalSecret: string): IdentityAccounts {
  return {
    async create(input, onBehalfOf) {
      const res = await fetch(new URL('/internal/accounts', identityUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...internalCallHeaders(internalSecret, onBehalfOf) },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      // A 4xx is identity's refusal: nothing was made. A 5xx leaves the outcome unknown (thrown as is).
      if (res.status >= 400 && res.status < 500) {
        const message = (body as { message?: unknown } | null)?.message;
        throw new AccountRefused(res.status, typeof message === 'string' ? message : GENERIC_REFUSAL, res.headers.get('retry-after'));
      }
      if (!res.ok) throw new Error(`identity answered ${res.status} to POST /internal/accounts`);
      return internalAccountResponseSchema.parse(body);
    },

    async removeSignUpAccount(signUpId) {
      const res = await fetch(new URL(`/internal/accounts/by-sign-up/${encodeURIComponent(signUpId)}`, identityUrl), {
        method: 'DELETE',
        headers: internalCallHeaders(internalSecret),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`identity answered ${res.status} to DELETE /internal/accounts/by-sign-up`);
      return internalAccountRemovedSchema.parse(await res.json()).removed;
    },
  };
}
