export * from './presence-key';
export * from './presence-user-data.service';
export * from './presence.module';
export * from './presence.service';
