export * from './ai.module';
export * from './answer-json';
export * from './entities';
export * from './model-endpoint';
export * from './model-error';
export * from './model-provider.service';
export * from './token-usage.service';
