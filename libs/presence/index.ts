export * from './presence-key';
export * from './presence.module';
export * from './presence.service';
