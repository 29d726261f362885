import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of each running process, from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  return parentOf;
}

/** `pid` and every process below it: a server that runs its work in child processes (a CLI starting a runtime). */
export function processTree(pid: number): number[] {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}
