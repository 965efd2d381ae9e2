import { describe, expect, it } from 'vitest';
import { loadSettings } from '@limo/platform';
import { configErrorOf } from '@limo/platform/testing';
import { serviceDefinitions } from '../src/services.js';

describe('settings of the whole system', () => {
  it('names every bad variable of the platform and of two services together, each once', () => {
    const error = configErrorOf(() =>
      loadSettings(serviceDefinitions, {
        PORT: 'eighty',
        STRIPE_SECRET_KEY: 'nope',
        ANALYTICS_RETENTION_MONTHS: '0',
      }),
    );
    const { message } = error;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT="eighty"');
    // A secret's value is never echoed, even when wrong.
    expect(message).toMatch(/STRIPE_SECRET_KEY="\*\*\*": must look like sk_test_… or sk_live_… \(billing\)/);
    expect(message).toMatch(/ANALYTICS_RETENTION_MONTHS="0": .* \(analytics\)/);
    expect(message).not.toContain('nope');
    expect(error.problems).toHaveLength(3);
  });

  it('names a bad variable of the gateway, which owns its rate limit and web app settings', () => {
    expect(() => loadSettings(serviceDefinitions, { RATE_LIMIT_PER_MINUTE: '0', DEV_OUTBOX: 'maybe' })).toThrow(
      /RATE_LIMIT_PER_MINUTE="0": .* \(gateway\)[\s\S]*DEV_OUTBOX="maybe": .* \(gateway\)/,
    );
  });

  it('names the bad variables a service took over from the shared settings, with the service', () => {
    expect(() => loadSettings(serviceDefinitions, { SESSION_TTL_HOURS: '0', ELASTICSEARCH_INDEX: 'Upper' })).toThrow(
      /SESSION_TTL_HOURS="0": .* \(identity\)[\s\S]*ELASTICSEARCH_INDEX="Upper": must be a lower-case Elasticsearch index name \(directory\)/,
    );
  });

  it('accepts the defaults', () => {
    expect(loadSettings(serviceDefinitions, { DATA_DIR: '/tmp/limo-settings-defaults', JWT_SECRET: 'x'.repeat(40) }).PROFILE).toBe(
      'embedded',
    );
  });
});
