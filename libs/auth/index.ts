export * from './auth.decorators';
export * from './auth.guards';
export * from './auth.module';
export * from './credential.service';
export * from './principal';
export * from './token-crypto';
export * from './user-token.service';
