export * from './webhook-http.module';
