export * from './user-http.module';
