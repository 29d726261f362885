import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config';

/**
 * JSON logs (pino) behind Nest's `Logger`. nestjs-pino's per-request middleware is not mounted
 * (`forRoutes: []`): it built a child logger, an id and listeners on every request before any level
 * check; the API mounts `requestLogMiddleware` instead.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ pinoHttp: { level: config.logLevel }, forRoutes: [] }),
    }),
  ],
})
export class AppLoggerModule {}
