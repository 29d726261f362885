import { Module } from '@nestjs/common';
import { UserDataController } from './user-data.controller';
import { UserDataModule } from './user-data.module';

@Module({ imports: [UserDataModule], controllers: [UserDataController] })
export class UserDataHttpModule {}
