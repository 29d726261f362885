import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const versionOf = (path: string) =>
  (JSON.parse(readFileSync(join(__dirname, '../../..', path), 'utf8')) as { version: string }).version;

describe('package versions', () => {
  it('the SDK packages are versioned with the server', () => {
    const server = versionOf('package.json');
    expect(versionOf('packages/sdk/package.json')).toBe(server);
    expect(versionOf('packages/realtime/package.json')).toBe(server);
  });
});
