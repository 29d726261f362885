import { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { createServer } from 'node:http';
import { DataSource } from 'typeorm';
import { REDIS } from '@app/redis';

/** A tiny GET /health for orchestrators: 200 when PostgreSQL and Redis answer, else 503. */
export function startWorkerHealthServer(app: INestApplicationContext, port: number): void {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const redis = app.get<Redis>(REDIS);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url !== '/health') {
      res.writeHead(404).end();
      return;
    }
    const [database, cache] = await Promise.allSettled([dataSource.query('SELECT 1'), redis.ping()]);
    const healthy = database.status === 'fulfilled' && cache.status === 'fulfilled';
    res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ database: database.status === 'fulfilled' ? 'up' : 'down', redis: cache.status === 'fulfilled' ? 'up' : 'down' }));
  });
  server.listen(port, '0.0.0.0');
}
