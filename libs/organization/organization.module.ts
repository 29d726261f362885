import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspaceModule } from '@app/workspace';
import { ORGANIZATION_ENTITIES } from './entities';
import { OrganizationService } from './organization.service';
import { UserGroupService } from './user-group.service';
import { UserGroupMemberService } from './user-group-member.service';

@Module({
  imports: [TypeOrmModule.forFeature(ORGANIZATION_ENTITIES), WorkspaceModule],
  providers: [OrganizationService, UserGroupService, UserGroupMemberService],
  exports: [OrganizationService, UserGroupService, UserGroupMemberService],
})
export class OrganizationModule {}
