import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { AppConfig } from './config';

/** Access lines are written to stdout once this many bytes of them are waiting, */
export const ACCESS_LOG_BUFFER_BYTES = 4096;
/** and at least this often. */
export const ACCESS_LOG_FLUSH_MS = 1000;

/**
 * The API's access log (`requestLogMiddleware`): a pino logger of the same level and line shape as the
 * root logger, on a buffered destination, so a request costs a string append instead of a `write`
 * syscall. Writes stay synchronous, on the one thread that also writes the root logger's lines, so a
 * full pipe never splits a line of one with a line of the other. The buffer is written out on a clean
 * stop (after the HTTP server has closed) and when the process exits, a fatal error included; a
 * SIGKILL loses what it holds (docs/operations.md, "Logs").
 */
@Injectable()
export class AccessLog implements OnApplicationShutdown {
  private readonly destination = pino.destination({
    dest: 1,
    sync: true,
    minLength: ACCESS_LOG_BUFFER_BYTES,
    periodicFlush: ACCESS_LOG_FLUSH_MS,
  });
  private readonly flushOnExit = () => this.destination.flushSync();
  readonly logger: Logger;

  constructor(config: AppConfig) {
    this.logger = pino({ level: config.logLevel }, this.destination);
    process.once('exit', this.flushOnExit);
  }

  onApplicationShutdown(): void {
    process.removeListener('exit', this.flushOnExit);
    this.flushOnExit();
  }
}
