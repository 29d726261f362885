export * from './memory-http.module';
