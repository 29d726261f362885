export * from './workspace-http.module';
