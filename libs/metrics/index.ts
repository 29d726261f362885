export * from './http-metrics';
export * from './metrics-registry';
export * from './metrics.module';
