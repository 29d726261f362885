import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { AppConfig } from './config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** JSON logs (pino) with a request id taken from `x-request-id` when sane, echoed on the response. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          genReqId: (req: IncomingMessage, res: ServerResponse) => {
            const given = req.headers['x-request-id'];
            const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
            res.setHeader('x-request-id', id);
            return id;
          },
          redact: ['req.headers["x-svc-auth-token"]', 'req.headers.authorization'],
          autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' || req.url === '/metrics' },
        },
      }),
    }),
  ],
})
export class AppLoggerModule {}
