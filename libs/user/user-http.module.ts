import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { DocumentAccessController } from './document-access.controller';
import { PermissionController } from './permission.controller';
import { TokenV1Controller } from './token-v1.controller';
import { UserGroupMemberController } from './user-group-member.controller';
import { UserController } from './user.controller';
import { UserModule } from './user.module';

@Module({
  imports: [UserModule, AccessModule],
  controllers: [
    UserController,
    PermissionController,
    TokenV1Controller,
    UserGroupMemberController,
    DocumentAccessController,
  ],
})
export class UserHttpModule {}
