import 'reflect-metadata';
import { Module, OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { createValidationPipe } from './validation-pipe';
import { CommentWrites } from '../support/comment-write-work';
import { Backends, openBackends } from '../support/hot-route-work';
import { PeerController } from './peer.controller';

/**
 * Minimal NestJS 12 + Express peer for bench/routes.bench.ts and bench/comment-writes.bench.ts: the
 * API's body parser limit, the API's ValidationPipe, a guard doing the API's auth lookup, and one route
 * per hot route and for the comment add, running the same statements as the same-I/O baselines. Its
 * cost over those baselines is the framework's. COMMENT_SINKS: as for bench/bare-comment-server.ts.
 */
@Module({
  controllers: [PeerController],
  providers: [
    { provide: Backends, useFactory: () => openBackends(process.env) },
    {
      provide: CommentWrites,
      useFactory: (backends: Backends) => new CommentWrites(backends, process.env),
      inject: [Backends],
    },
  ],
})
class PeerModule implements OnApplicationShutdown {
  constructor(
    private readonly backends: Backends,
    private readonly writes: CommentWrites,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.writes.close();
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
