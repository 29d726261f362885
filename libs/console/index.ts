export * from './console.module';
