import { AppConfig } from '../../libs/common/config';
import { QUEUE, QueueSettings } from '../../libs/queue/queues';
import { readDoc, tableRows } from './markdown';

const PAGE = readDoc('docs/configuration.md');
/** `| \`NAME\` | default | meaning |` rows of the variables table. */
const ROWS = tableRows(PAGE, '| variable | default | meaning |').map(([name, fallback]) => ({
  name: name.replace(/`/g, ''),
  fallback,
}));
const PER_QUEUE = /^<QUEUE>(_[A-Z_]+)$/;

/** Every variable the configuration code reads, found by handing it an environment that records each read. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const env: NodeJS.ProcessEnv = new Proxy(
    {},
    {
      get(_, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  new AppConfig(env);
  new QueueSettings(env, null);
  return read;
}

/** The documented names, per-queue rows expanded over the queue table's keys. */
function documented(): Set<string> {
  return new Set(
    ROWS.flatMap(({ name }) => {
      const perQueue = PER_QUEUE.exec(name);
      return perQueue ? Object.keys(QUEUE).map((key) => `${key}${perQueue[1]}`) : [name];
    }),
  );
}

describe('docs/configuration.md', () => {
  it('has a row for every variable the code reads', () => {
    const missing = [...variablesRead()].filter((name) => !documented().has(name));
    expect(missing).toEqual([]);
  });

  it('documents no variable the code does not read', () => {
    const read = variablesRead();
    expect([...documented()].filter((name) => !read.has(name))).toEqual([]);
  });

  it('gives, in backticks, the value each variable takes when unset', () => {
    const literal = ROWS.flatMap(({ name, fallback }) => {
      const value = /^`([^`]+)`/.exec(fallback)?.[1];
      return value === undefined ? [] : [{ name, value }];
    });
    expect(literal.length).toBeGreaterThan(25);
    const wrong = literal.filter(({ name, value }) => {
      try {
        const set = { [name]: value };
        expect(new AppConfig(set)).toEqual(new AppConfig({}));
        return false;
      } catch {
        return true;
      }
    });
    expect(wrong).toEqual([]);
  });

  it('notices a default that drifted', () => {
    expect(new AppConfig({ PRESENCE_TTL_S: '301' })).not.toEqual(new AppConfig({}));
  });
});
