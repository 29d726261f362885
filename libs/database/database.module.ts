import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@app/common';
import { databaseOptions } from './database-options';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...databaseOptions(config),
        autoLoadEntities: true,
        retryAttempts: 10,
        retryDelay: 1000,
      }),
    }),
  ],
})
export class DatabaseModule {}
