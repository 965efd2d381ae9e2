import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../src/domain/passwords.js';
import { hashResetToken, newResetToken } from '../../src/domain/reset-token.js';

describe('password reset tokens', () => {
  it('are long, random and URL-safe; only their SHA-256 is kept', () => {
    const a = newResetToken();
    const b = newResetToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashResetToken(a.token));
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('passwords', () => {
  it('sign in with the password set, not another, nor against a damaged hash or no account', async () => {
    const stored = await hashPassword('secret1');
    expect(stored).not.toContain('secret1');
    expect(await verifyPassword(stored, 'secret1')).toBe(true);
    expect(await verifyPassword(stored, 'secret2')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'secret1')).toBe(false);
    expect(await verifyAgainstDecoy('secret1')).toBe(false);
  });
});
