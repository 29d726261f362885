import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/common';
import { databaseOptions } from './database-options';

/** Entry point of the TypeORM CLI (npm run migration:run / migration:generate). */
export default new DataSource(databaseOptions(new AppConfig(process.env)));
