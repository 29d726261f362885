export * from './queue-connection';
export * from './queues';
export * from './queue.module';
export * from './queue-processor';
export * from './worker-registry';
export * from './row-job-processor';
