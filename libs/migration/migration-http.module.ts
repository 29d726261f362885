import { Module } from '@nestjs/common';
import { MigrationController } from './migration.controller';
import { MigrationModule } from './migration.module';

@Module({ imports: [MigrationModule], controllers: [MigrationController] })
export class MigrationHttpModule {}
