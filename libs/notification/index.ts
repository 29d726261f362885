export * from './entities';
export * from './notification-preferences.service';
export * from './notification-sink.module';
export * from './notification-user-data.service';
export * from './notification.module';
