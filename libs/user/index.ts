export * from './access-role';
export * from './entities';
export * from './permission-signature';
export * from './permission.service';
export * from './user-access-data.service';
export * from './user-token.service';
export * from './user.module';
export * from './user.service';
