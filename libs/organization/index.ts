export * from './entities';
export * from './organization.module';
export * from './organization.service';
