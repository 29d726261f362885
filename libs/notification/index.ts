export * from './entities';
export * from './notification-preferences.service';
export * from './notification-sink.module';
export * from './notification-user-data.service';
export * from './notification.module';
export * from './dto/inbox.dto';
export * from './notification-inbox.module';
export * from './notification-inbox.service';
