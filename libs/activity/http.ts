export * from './activity-http.module';
