export * from './notification-http.module';
