export * from './organization.module';
