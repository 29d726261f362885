export * from './organization-lock';
export * from './organization.module';
