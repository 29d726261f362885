export * from './ensure-resource';
export * from './resource-ref';
