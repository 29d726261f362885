export * from './realtime.module';
export * from './socket-access.service';
export * from './socket-origin';
