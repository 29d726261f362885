export * from './entities';
export * from './organization.module';
export * from './organization.service';
export * from './user-group-member.service';
