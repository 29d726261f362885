export * from './usage-counters';
export * from './usage-sink.module';
export * from './usage.module';
