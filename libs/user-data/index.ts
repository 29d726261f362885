export * from './entities';
export * from './user-data-worker.module';
export * from './user-data.module';
export * from './user-data.service';
