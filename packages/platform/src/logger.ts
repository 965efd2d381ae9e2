import { pino, type Logger } from 'pino';

export type { Logger };

/** The process logger: JSON lines on stdout, one child per service. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', name?: string): Logger {
  return pino({
    level,
    name,
    base: { pid: process.pid },
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword'],
  });
}
