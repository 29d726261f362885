export * from './queue-names';
export * from './queue.module';
