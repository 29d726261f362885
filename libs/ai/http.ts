export * from './ai-http.module';
