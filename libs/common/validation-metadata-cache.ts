import { getMetadataStorage, useContainer } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

let installed = false;

/**
 * class-validator answers "which rules apply to this class" by scanning every registered class for
 * ancestors, on every validated object. Decorators run when a class is defined, after its parents',
 * so a class's answer never changes once asked: keep it per class and options. The same holds for
 * the answer grouped by property, which the validator regroups for every validated object (it only
 * reads the groups), and for each rule's validator instance, which class-validator's default
 * container finds by a linear search over every rule class it has made.
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const cache = new WeakMap<object, Map<string, Metadatas>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = cache.get(target);
    if (!byOptions) cache.set(target, (byOptions = new Map<string, Metadatas>()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookup(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
  const group = storage.groupByPropertyName.bind(storage);
  const grouped = new WeakMap<Metadatas, Grouped>();
  storage.groupByPropertyName = (metadatas) => {
    let groups = grouped.get(metadatas);
    if (!groups) grouped.set(metadatas, (groups = group(metadatas)));
    return groups;
  };
  const instances = new Map<new () => unknown, unknown>();
  useContainer({
    get(someClass: new () => unknown): unknown {
      let instance = instances.get(someClass);
      if (instance === undefined) instances.set(someClass, (instance = new someClass()));
      return instance;
    },
  });
}
