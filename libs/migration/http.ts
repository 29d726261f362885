export * from './migration-http.module';
