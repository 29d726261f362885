export * from './user-data-http.module';
