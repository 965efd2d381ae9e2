import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { createLogger, type ServiceContext } from '@limo/platform';
import { ensureAdmin } from '../../src/bootstrap/admin.js';
import { UsersRepository } from '../../src/repositories/users.repository.js';
import type { IdentitySettings } from '../../src/settings.js';

// Two identity replicas starting at once on an empty database (a first deploy): both start, one admin.
describe('the admin account at start-up', () => {
  const replicas = async (settings: Partial<IdentitySettings>, before?: (users: UsersRepository) => Promise<unknown>) => {
    const store = await NedbDocumentStore.create();
    await before?.(await UsersRepository.create(store));
    const ctx = { config: { DATA_DIR: await mkdtemp(join(tmpdir(), 'limo-admin-')) }, logger: createLogger('silent') } as ServiceContext;
    const both = [await UsersRepository.create(store), await UsersRepository.create(store)];
    await Promise.all(both.map((users) => ensureAdmin(ctx, { ADMIN_USERNAME: 'admin', ...settings } as IdentitySettings, users)));
    return both[0];
  };

  it('is created once from ADMIN_EMAIL by replicas starting together', async () => {
    const users = await replicas({ ADMIN_EMAIL: 'boss@limo.test', ADMIN_PASSWORD: 'a-long-secret' });
    expect(await users.count({ role: 'admin' })).toBe(1);
    expect(await users.findByEmail('boss@limo.test')).toMatchObject({ role: 'admin' });
  });

  it('is generated once when none is configured, by replicas starting together', async () => {
    const users = await replicas({});
    expect(await users.count({ role: 'admin' })).toBe(1);
  });

  it('stops the start-up with a clear message when none is configured and the username is taken by an owner', async () => {
    const owner = (users: UsersRepository) =>
      users.insert({ username: 'admin', email: 'owner@limo.test', passwordHash: 'x', role: 'business' });
    await expect(replicas({}, owner)).rejects.toThrow(
      /no admin account, and admin@limodirectory.local or the username admin is taken: set ADMIN_EMAIL/,
    );
  });
});
