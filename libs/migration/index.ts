export * from './entities';
export * from './migration-worker.module';
export * from './migration.module';
export * from './migration.service';
