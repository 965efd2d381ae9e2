import type { Logger } from '../../src/logger.js';

/** A line a recording logger was told: its level, message and fields. */
export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown>;
}

/**
 * A logger that keeps what it is told at info, warn and error, in order, in `lines` (pino's `(fields, message)`
 * calls): for tests that assert what operators are told.
 */
export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, message, fields });
  return Object.assign({ info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger, { lines });
}
