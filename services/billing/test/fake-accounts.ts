import { randomUUID } from 'node:crypto';
import type { InternalAccountBody, InternalAccountResponse } from '@limo/contracts';
import type { AccountRefused, IdentityAccounts } from '../src/identity/identity-accounts.port.js';

/** Identity's accounts in memory, with the failures a test asks for. */
export class FakeAccounts implements IdentityAccounts {
  readonly accounts = new Map<string, InternalAccountResponse>();
  readonly asked: string[] = [];
  /** Runs after the account is made, before answering (another request racing; identity lost). */
  afterCreate: ((input: InternalAccountBody) => Promise<void>) | null = null;
  refusal: AccountRefused | null = null;

  async create(input: InternalAccountBody): Promise<InternalAccountResponse> {
    this.asked.push(input.signUpId);
    if (this.refusal) throw this.refusal;
    const made = this.accounts.get(input.signUpId) ?? {
      user: { id: randomUUID(), username: input.username, email: input.email.toLowerCase(), role: 'business' as const },
      session: { token: `token-${input.signUpId}`, maxAgeSeconds: 3600 },
    };
    this.accounts.set(input.signUpId, made);
    await this.afterCreate?.(input);
    return made;
  }

  async removeSignUpAccount(signUpId: string): Promise<boolean> {
    return this.accounts.delete(signUpId);
  }

  lastSignUp(): string {
    return this.asked.at(-1)!;
  }
}
