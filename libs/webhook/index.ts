export * from './webhook-sink.module';
