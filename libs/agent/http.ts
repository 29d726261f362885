export * from './agent-http.module';
