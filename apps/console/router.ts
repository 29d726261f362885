import { useEffect, useRef, useState } from 'react';

/** The console's place: the hash path split in segments (`#/data/org-1/doc-1` → ['data', 'org-1', 'doc-1']). */
export function currentRoute(): string[] {
  return location.hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
}

/** A hash link to the segments, each encoded. */
export function href(...segments: string[]): string {
  return `#/${segments.map(encodeURIComponent).join('/')}`;
}

export function navigate(...segments: string[]): void {
  location.hash = href(...segments);
}

/** The route, following hash changes. Routing by hash needs no server route: the API serves one page. */
export function useRoute(): string[] {
  const [route, setRoute] = useState(currentRoute);
  const initial = useRef(location.hash);
  useEffect(() => {
    const changed = () => setRoute(currentRoute());
    addEventListener('hashchange', changed);
    // Effects run after the first paint: a hash changed before this one listened would be missed.
    if (location.hash !== initial.current) changed();
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
