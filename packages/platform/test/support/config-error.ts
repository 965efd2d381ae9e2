import { expect } from 'vitest';
import { ConfigError } from '../../src/config/config.js';

/** The ConfigError that `load` throws (the test fails when it throws none, or another error). */
export function configErrorOf(load: () => unknown): ConfigError {
  let error: unknown;
  try {
    load();
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}
