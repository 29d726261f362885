export * from './realtime.module';
