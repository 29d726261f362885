export * from './access-role';
export * from './ensure-resource';
export * from './resource-ref';
