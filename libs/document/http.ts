export * from './document-http.module';
