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
          // Request lines carry no headers at all: credentials can never reach a log, and it is
          // far cheaper per request than redacting a full header dump.
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' || req.url === '/metrics' },
        },
      }),
    }),
  ],
})
export class AppLoggerModule {}
