import { Module } from '@nestjs/common';
import { PermissionController } from './permission.controller';
import { UserController } from './user.controller';
import { UserModule } from './user.module';

@Module({ imports: [UserModule], controllers: [UserController, PermissionController] })
export class UserHttpModule {}
