export * from './organization-http.module';
