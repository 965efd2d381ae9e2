import { describe, expect, it } from 'vitest';
import { loadConfig } from '@limo/platform';
import { devOutboxEnabled } from '../src/dev-outbox.js';

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/limo-dev-outbox-unit', JWT_SECRET: 'x'.repeat(40), ...env });

describe('/dev/outbox is served', () => {
  it('in the embedded profile while the gateway listens on loopback only', () => {
    expect(devOutboxEnabled(config({}))).toBe(true);
    expect(devOutboxEnabled(config({ HOST: '::1' }))).toBe(true);
  });
  it('not when the gateway listens on other interfaces, unless DEV_OUTBOX=true', () => {
    expect(devOutboxEnabled(config({ HOST: '0.0.0.0' }))).toBe(false);
    expect(devOutboxEnabled(config({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' }))).toBe(true);
    expect(devOutboxEnabled(config({ DEV_OUTBOX: 'false' }))).toBe(false);
  });
  it('never with SMTP mail nor in the distributed profile', () => {
    expect(devOutboxEnabled(config({ SMTP_URL: 'smtp://127.0.0.1:25', DEV_OUTBOX: 'true' }))).toBe(false);
    const distributed = {
      PROFILE: 'distributed',
      KAFKA_BROKERS: '127.0.0.1:9092',
      MONGODB_URI: 'mongodb://127.0.0.1/x',
      REDIS_URL: 'redis://127.0.0.1',
    };
    expect(devOutboxEnabled(config({ ...distributed, DEV_OUTBOX: 'true' }))).toBe(false);
  });
});
