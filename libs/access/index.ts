export * from './access-report.service';
export * from './access.module';
export * from './access.service';
export * from './resolve-access';
