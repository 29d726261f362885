export * from './collab-http.module';
