export * from './access-report.service';
export * from './access.module';
export * from './access.service';
export * from './document-access-explainer';
export * from './resolve-access';
