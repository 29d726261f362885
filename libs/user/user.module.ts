import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentModule } from '@app/document';
import { OrganizationModule } from '@app/organization';
import { UsageModule } from '@app/usage';
import { USER_ENTITIES } from './entities';
import { PermissionService } from './permission.service';
import { TokenIssueService } from './token-issue.service';
import { UserAccessData } from './user-access-data.service';
import { UserService } from './user.service';
import { UserTokenService } from './user-token.service';

@Module({
  imports: [TypeOrmModule.forFeature(USER_ENTITIES), DocumentModule, OrganizationModule, UsageModule],
  providers: [UserService, PermissionService, TokenIssueService, UserTokenService, UserAccessData],
  exports: [UserService, PermissionService, TokenIssueService, UserTokenService, UserAccessData],
})
export class UserModule {}
