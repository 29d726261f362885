import { Module } from '@nestjs/common';
import { PermissionController } from './permission.controller';
import { PermissionService } from './permission.service';
import { TokenIssueService } from './token-issue.service';
import { UserController } from './user.controller';
import { UserService } from './user.service';

@Module({
  controllers: [UserController, PermissionController],
  providers: [UserService, PermissionService, TokenIssueService],
})
export class UserModule {}
