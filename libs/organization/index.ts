export * from './dto/user-group-members.dto';
export * from './entities';
export * from './organization.module';
export * from './organization.service';
export * from './user-group-member.service';
