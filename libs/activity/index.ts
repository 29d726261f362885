export * from './entities';
export * from './activity-config';
export * from './activity-record';
export * from './activity-sink.module';
export * from './activity-worker.module';
export * from './activity.module';
export * from './activity.service';
