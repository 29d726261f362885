import { join } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '@app/common';

/** Connections per process: what a burst of queries can have in flight at once. */
export const DATABASE_POOL_SIZE = 20;

/**
 * The one DataSource configuration, shared by the Nest apps and the TypeORM CLI. Entities come from
 * the modules that own them: `autoLoadEntities` in the apps, each module's entity list in the CLI.
 */
export function databaseOptions(config: AppConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    migrations: [join(__dirname, 'migrations', '*.js')],
    migrationsTableName: 'schema_migration',
    synchronize: false,
    extra: {
      max: DATABASE_POOL_SIZE,
      // Fail a request fast with UNAVAILABLE instead of hanging while PostgreSQL is down.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    },
  };
}
