import { describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '@limo/platform';
import { devOutboxEnabled } from '../src/dev-outbox.js';
import { gatewayEnvSchema } from '../src/settings.js';

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/limo-dev-outbox-unit', JWT_SECRET: 'x'.repeat(40), ...env });
/** Whether it is served with these variables (the shared ones and the gateway's DEV_OUTBOX). */
const served = (env: Record<string, string>) => devOutboxEnabled(config(env), parseEnv(gatewayEnvSchema, env));

describe('/dev/outbox is served', () => {
  it('in the embedded profile while the gateway listens on loopback only', () => {
    expect(served({})).toBe(true);
    expect(served({ HOST: '::1' })).toBe(true);
  });
  it('not when the gateway listens on other interfaces, unless DEV_OUTBOX=true', () => {
    expect(served({ HOST: '0.0.0.0' })).toBe(false);
    expect(served({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' })).toBe(true);
    expect(served({ DEV_OUTBOX: 'false' })).toBe(false);
  });
  it('never with SMTP mail nor in the distributed profile', () => {
    expect(served({ SMTP_URL: 'smtp://127.0.0.1:25', DEV_OUTBOX: 'true' })).toBe(false);
    const distributed = {
      PROFILE: 'distributed',
      KAFKA_BROKERS: '127.0.0.1:9092',
      MONGODB_URI: 'mongodb://127.0.0.1/x',
      REDIS_URL: 'redis://127.0.0.1',
    };
    expect(served({ ...distributed, DEV_OUTBOX: 'true' })).toBe(false);
  });
});
