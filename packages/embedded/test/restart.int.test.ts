import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, readOutbox, type Config } from '@limo/platform';
import { EVERY_PORT_FREE, startEmbedded, type EmbeddedSystem } from '../src/index.js';
import { ApiClient } from '@limo/platform/testing';

let dataDir: string;
let config: Config;
let system: EmbeddedSystem | undefined;

/** The session cookie a login answer set, as a request header. */
const sessionOf = (res: { headers: Headers }) => ({ cookie: res.headers.getSetCookie()[0].split(';')[0] });

// The gateway reads its own RATE_LIMIT_PER_MINUTE from the environment it is given.
const start = async () =>
  (system = await startEmbedded(config, createLogger('silent'), { ...process.env, CLICKHOUSE_URL: '', RATE_LIMIT_PER_MINUTE: '100000' }));
const stop = async () => {
  await system?.close();
  system = undefined;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'limo-restart-'));
  config = loadConfig({ ...EVERY_PORT_FREE, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
});
afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

// Issue 13, defect 3: revocations lived only in the in-process cache, so a logged-out or
// reset-voided cookie worked again after a restart.
describe('session revocations across a restart of the embedded process', () => {
  it('keeps a logged-out and a reset-voided cookie dead after the restart, in every service', async () => {
    await start();
    const loggedOut = new ApiClient(system!.url);
    expect(
      (await loggedOut.call('POST', '/api/register', { username: 'leaver', email: 'leaver@example.com', password: 'leaver-pass-1' }))
        .status,
    ).toBe(201);
    const oldCookie = sessionOf(await loggedOut.call('POST', '/api/login', { email: 'leaver@example.com', password: 'leaver-pass-1' }));
    expect((await loggedOut.call('POST', '/api/logout', undefined, oldCookie)).status).toBe(200);

    const victim = new ApiClient(system!.url);
    expect(
      (await victim.call('POST', '/api/register', { username: 'victim', email: 'victim@example.com', password: 'victim-pass-1' })).status,
    ).toBe(201);
    const stolen = sessionOf(await victim.call('POST', '/api/login', { email: 'victim@example.com', password: 'victim-pass-1' }));
    await new Promise((r) => setTimeout(r, 1100));
    await victim.call('POST', '/api/forgot-password', { email: 'victim@example.com' });
    let token: string | undefined;
    for (const deadline = Date.now() + 5000; !token && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const mail = (await readOutbox(join(dataDir, 'outbox'))).find((m) => m.to === 'victim@example.com' && m.tag === 'password-reset');
      token = mail && new URL(/http\S+reset-password\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    }
    expect((await victim.call('POST', '/api/reset-password', { token, newPassword: 'victim-pass-2' })).status).toBe(200);

    const anonymous = new ApiClient(system!.url);
    expect((await anonymous.call('GET', '/api/me', undefined, oldCookie)).status).toBe(401);
    expect((await anonymous.call('GET', '/api/me', undefined, stolen)).status).toBe(401);

    await stop();
    await start();
    const fresh = new ApiClient(system!.url);
    expect((await fresh.call('GET', '/api/me', undefined, oldCookie)).status).toBe(401);
    expect((await fresh.call('GET', '/api/my-companies', undefined, oldCookie)).status).toBe(401);
    expect((await fresh.call('GET', '/api/me', undefined, stolen)).status).toBe(401);
    expect((await fresh.call('GET', '/api/quote-requests', undefined, stolen)).status).toBe(401);
    // The new password still signs in.
    expect((await fresh.call('POST', '/api/login', { email: 'victim@example.com', password: 'victim-pass-2' })).status).toBe(200);
  }, 30_000);
});
