import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const versionOf = (path: string) =>
  (JSON.parse(readFileSync(join(__dirname, '../../..', path), 'utf8')) as { version: string }).version;

describe('package versions', () => {
  it('the SDK packages are versioned with the server', () => {
    const server = versionOf('package.json');
    for (const name of ['sdk', 'realtime', 'react', 'react-ui', 'tiptap'])
      expect({ name, version: versionOf(`packages/${name}/package.json`) }).toEqual({ name, version: server });
  });
});
