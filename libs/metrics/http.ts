export * from './http-metrics';
export * from './metrics-http.module';
