export * from './entities';
export * from './knowledge-body';
export * from './memory-sink.module';
export * from './memory-user-data.service';
export * from './memory-worker.module';
export * from './memory.module';
