export * from './credential.service';
export * from './domain-name';
export * from './domain.service';
export * from './email-config.service';
export * from './entities';
export * from './permission-provider-config.service';
export * from './workspace-worker.module';
export * from './workspace.module';
