import { useMemo, useSyncExternalStore } from 'react';

type Subscribe = (onChange: () => void) => () => void;

/**
 * Reads a value kept by the realtime client through useSyncExternalStore: `read` runs once per change heard
 * by `subscribe` (and once on subscribing), so every render between changes sees the same snapshot.
 * On the server, and while `source` is missing, the value is `fallback`: a constant, as React compares snapshots by identity.
 */
export function useStore<S, T>(
  source: S | null,
  subscribe: (source: S, onChange: () => void) => () => void,
  read: (source: S) => T,
  fallback: T,
  key?: string,
): T {
  const store = useMemo((): { subscribe: Subscribe; snapshot: () => T } => {
    if (source === null) return { subscribe: () => () => undefined, snapshot: () => fallback };
    let value = read(source);
    return {
      subscribe: (onChange) => {
        const update = () => {
          value = read(source);
          onChange();
        };
        const unsubscribe = subscribe(source, update);
        update();
        return unsubscribe;
      },
      snapshot: () => value,
    };
    // One store per source and key: `subscribe` and `read` are fixed per hook apart from the key, and `fallback` is a constant.
  }, [source, key]);
  return useSyncExternalStore(store.subscribe, store.snapshot, () => fallback);
}
