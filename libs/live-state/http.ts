export * from './live-state-http.module';
