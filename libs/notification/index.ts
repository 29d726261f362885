export * from './entities';
export * from './notification-preferences.service';
export * from './notification.module';
