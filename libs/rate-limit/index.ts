export * from './rate-limit.module';
