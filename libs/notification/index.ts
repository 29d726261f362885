export * from './entities';
export * from './notification-preferences.service';
export * from './notification-sink.module';
export * from './notification.module';
