export * from './email-http.module';
