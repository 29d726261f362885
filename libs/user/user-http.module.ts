import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { PermissionController } from './permission.controller';
import { UserController } from './user.controller';
import { UserModule } from './user.module';

@Module({ imports: [UserModule, AccessModule], controllers: [UserController, PermissionController] })
export class UserHttpModule {}
