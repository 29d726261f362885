import { join } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '@app/common';
import { ENTITIES } from './entities';

/** The one DataSource configuration, shared by the Nest apps and the TypeORM CLI. */
export function databaseOptions(config: AppConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities: ENTITIES,
    migrations: [join(__dirname, 'migrations', '*.js')],
    migrationsTableName: 'schema_migration',
    synchronize: false,
    extra: {
      max: 20,
      // Fail a request fast with UNAVAILABLE instead of hanging while PostgreSQL is down.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    },
  };
}
