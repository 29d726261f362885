import { Module } from '@nestjs/common';
import { PermissionController } from './permission.controller';
import { PermissionService } from './permission.service';
import { TokenIssueService } from './token-issue.service';
import { UserController } from './user.controller';
import { UserService } from './user.service';
import { UserTokenService } from './user-token.service';

@Module({
  controllers: [UserController, PermissionController],
  providers: [UserService, PermissionService, TokenIssueService, UserTokenService],
  exports: [UserTokenService],
})
export class UserModule {}
