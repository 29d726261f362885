import 'reflect-metadata';
import { Module, OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { createValidationPipe } from './validation-pipe';
import { Backends, openBackends } from '../support/hot-route-work';
import { PeerController } from './peer.controller';

/**
 * Minimal NestJS 12 + Express peer for bench/routes.bench.ts: the API's body parser limit, the
 * API's ValidationPipe, a guard doing the API's auth lookup, and one route per hot route running
 * the same statements as the same-I/O baseline. Its cost over that baseline is the framework's.
 */
@Module({
  controllers: [PeerController],
  providers: [{ provide: Backends, useFactory: () => openBackends(process.env) }],
})
class PeerModule implements OnApplicationShutdown {
  constructor(private readonly backends: Backends) {}

  async onApplicationShutdown(): Promise<void> {
    await this.backends.close();
  }
}

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(PeerModule, { bodyParser: false, logger: ['error'] });
  app.disable('x-powered-by');
  app.use(json({ limit: 1024 * 1024 }));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
}

void bootstrap();
