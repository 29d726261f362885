export * from './metrics-registry';
export * from './metrics.module';
