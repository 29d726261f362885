export * from './workflow-http.module';
