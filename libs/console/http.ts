export * from './console-audit.routes';
export * from './console-http.module';
