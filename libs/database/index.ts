export * from './database.module';
export * from './database-options';
export * from './statement';
export * from './postgres-error';
export * from './pipelined-transaction';
