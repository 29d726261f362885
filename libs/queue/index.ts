export * from './queue-names';
export * from './queue.module';
export * from './queue-dashboard';
export * from './redis-deadline';
