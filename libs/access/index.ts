export * from './access.module';
export * from './access.service';
export * from './resolve-access';
