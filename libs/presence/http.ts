export * from './presence-http.module';
