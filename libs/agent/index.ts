export * from './agent-user-data.service';
export * from './agent-worker.module';
export * from './agent.module';
export * from './entities';
