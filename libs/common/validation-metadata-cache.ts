import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];

let installed = false;

/**
 * class-validator answers "which rules apply to this class" by scanning every registered class for
 * ancestors, on every validated object. Decorators run when a class is defined, after its parents',
 * so a class's answer never changes once asked: keep it per class and options.
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const cache = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = cache.get(target);
    if (!byOptions) cache.set(target, (byOptions = new Map<string, ReturnType<Lookup>>()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookup(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
}
