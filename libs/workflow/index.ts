export * from './entities';
export * from './workflow-worker.module';
export * from './workflow.module';
export * from './workflow-user-data.service';
