export * from './console-http.module';
