import { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createServer, ServerResponse } from 'node:http';
import { DataSource } from 'typeorm';
import { MetricsRegistry } from '@app/metrics';
import { WorkerRegistry } from '@app/queue';
import { REDIS, RedisClient } from '@app/redis';

/**
 * A tiny listener for orchestrators: GET /health (200 when PostgreSQL and Redis answer and every
 * BullMQ worker of this process is running, else 503: a worker that is shutting down is not ready)
 * and GET /metrics (this worker's Prometheus metrics).
 */
export function startWorkerHealthServer(app: INestApplicationContext, port: number): void {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const redis = app.get<RedisClient>(REDIS);
  const registry = app.get(MetricsRegistry);
  const workers = app.get(WorkerRegistry);
  const health = async (res: ServerResponse) => {
    const [database, cache] = await Promise.allSettled([dataSource.query('SELECT 1'), redis.ping()]);
    const running = workers.running();
    const healthy =
      database.status === 'fulfilled' && cache.status === 'fulfilled' && Object.values(running).every(Boolean);
    res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        database: database.status === 'fulfilled' ? 'up' : 'down',
        redis: cache.status === 'fulfilled' ? 'up' : 'down',
        workers: Object.fromEntries(Object.entries(running).map(([queue, up]) => [queue, up ? 'up' : 'down'])),
      }),
    );
  };
  const metrics = async (res: ServerResponse) => {
    const text = await registry.metrics().catch(() => null);
    res.writeHead(text === null ? 503 : 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    res.end(text ?? '');
  };
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') return void health(res);
    if (req.method === 'GET' && req.url === '/metrics') return void metrics(res);
    res.writeHead(404).end();
  });
  server.listen(port, '0.0.0.0');
}
