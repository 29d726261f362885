export * from './entities';
export * from './webhook-history';
export * from './webhook-sink.module';
export * from './webhook-user-data.service';
export * from './webhook-worker.module';
export * from './webhook.module';
export * from './webhook-delivery-log.service';
