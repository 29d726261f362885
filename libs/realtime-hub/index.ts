export * from './client-limits';
export * from './realtime-adapter';
export * from './realtime-emitter.module';
export * from './realtime-handler-errors';
export * from './realtime-hub';
export * from './realtime-hub.module';
export * from './realtime-revocation';
export * from './rooms';
