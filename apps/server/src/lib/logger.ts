import { pino, type Logger } from 'pino';
import type { Config } from '../config';

/** Structured JSON logs; secrets that might ride along in requests are redacted. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
  });
}
