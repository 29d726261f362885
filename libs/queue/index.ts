export * from './queue-connection';
export * from './queue-names';
export * from './queue.module';
export * from './queue-processor';
export * from './worker-registry';
export * from './row-job-processor';
