import { Module } from '@nestjs/common';
import { OrganizationController } from './organization.controller';
import { OrganizationModule } from './organization.module';
import { UserGroupController } from './user-group.controller';

@Module({ imports: [OrganizationModule], controllers: [OrganizationController, UserGroupController] })
export class OrganizationHttpModule {}
