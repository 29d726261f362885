import { useEffect, useState } from 'react';

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
  useEffect(() => {
    const changed = () => setRoute(currentRoute());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
