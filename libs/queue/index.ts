export * from './queue-names';
export * from './queue.module';
export * from './redis-deadline';
