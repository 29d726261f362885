export * from './comment-http.module';
