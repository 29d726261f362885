export * from './auth.decorators';
export * from './auth.guards';
export * from './auth.module';
export * from './console-session';
export * from './credential-verifier';
export * from './principal';
