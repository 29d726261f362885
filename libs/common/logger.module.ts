import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { AppConfig } from './config';

/**
 * JSON logs (pino) behind Nest's `Logger`. nestjs-pino's per-request middleware is not mounted
 * (`forRoutes: []`): it built a child logger, an id and listeners on every request before any level
 * check; the API mounts `requestLogMiddleware` instead, on its buffered `AccessLog`. Every line of
 * this logger is written to stdout by a blocking `write` as it is logged (pino's own default hands
 * each line to libuv's thread pool, so a line could still be queued when the process dies), which
 * also spares each line the hand-off and its callback.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: [{ level: config.logLevel }, pino.destination({ dest: 1, sync: true })],
        forRoutes: [],
      }),
    }),
  ],
})
export class AppLoggerModule {}
