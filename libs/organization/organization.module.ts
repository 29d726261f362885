import { Module } from '@nestjs/common';
import { OrganizationController } from './organization.controller';
import { OrganizationService } from './organization.service';
import { UserGroupController } from './user-group.controller';
import { UserGroupService } from './user-group.service';

@Module({
  controllers: [OrganizationController, UserGroupController],
  providers: [OrganizationService, UserGroupService],
})
export class OrganizationModule {}
