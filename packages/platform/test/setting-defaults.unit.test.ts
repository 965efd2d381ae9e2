import { describe, expect, it } from 'vitest';
import { settingDefaults, withSettingDefaults } from '../src/runtime/engines.js';

describe("the settings' defaults the composition root computes", () => {
  const embedded = { PROFILE: 'embedded', DATA_DIR: '/data' } as const;
  const distributed = { PROFILE: 'distributed', DATA_DIR: '/data' } as const;

  it('makes the embedded profile one process with demo data and the payments simulator', () => {
    expect(settingDefaults(embedded)).toEqual({
      SEED_DEMO_DATA: 'true',
      PAYMENTS_SIMULATOR_ALLOWED: 'true',
      PAYMENTS_SIMULATOR_STATE_FILE: '/data/billing/simulator-state.json',
      SOLE_INSTANCE: 'true',
    });
  });

  it('leaves the distributed profile to each setting’s own default', () => {
    expect(settingDefaults(distributed)).toEqual({});
    expect(withSettingDefaults(distributed, { A: '1' })).toEqual({ A: '1' });
  });

  it('never overrides a variable the environment sets (an empty one counts as unset)', () => {
    const env = withSettingDefaults(embedded, { SEED_DEMO_DATA: 'false', SOLE_INSTANCE: '' });
    expect(env.SEED_DEMO_DATA).toBe('false');
    expect(env.SOLE_INSTANCE).toBe('true');
    expect(env.PAYMENTS_SIMULATOR_ALLOWED).toBe('true');
  });
});
