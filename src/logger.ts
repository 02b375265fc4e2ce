import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

/** Structured JSON logs on stdout. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'falconet' } });
}
