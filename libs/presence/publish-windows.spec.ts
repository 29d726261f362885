import { Logger } from '@nestjs/common';
import { PublishWindows } from './publish-windows';

describe('PublishWindows', () => {
  let made: string[];
  const record = (text: string) => () => {
    made.push(text);
    return Promise.resolve();
  };

  beforeEach(() => {
    made = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('publishes the first at once, folds those within the window into one at its end, then is quiet again', async () => {
    const windows = new PublishWindows(50, new Logger('test'));
    const publish = (name: string) => windows.publish('doc', record(`${name} now`), record(`${name} later`));
    await publish('a');
    await publish('b');
    await publish('c');
    await windows.publish('other', record('other now'), record('other later'));
    expect(made).toEqual(['a now', 'other now']);
    await jest.advanceTimersByTimeAsync(50);
    expect(made).toEqual(['a now', 'other now', 'c later']);
    await publish('d');
    await jest.advanceTimersByTimeAsync(50);
    expect(made).toEqual(['a now', 'other now', 'c later', 'd later']);
    await jest.advanceTimersByTimeAsync(50);
    await publish('e');
    expect(made).toEqual(['a now', 'other now', 'c later', 'd later', 'e now']);
  });

  it('opens the window when a publish ends, so a slow one is not overtaken by the one folded after it', async () => {
    const windows = new PublishWindows(50, new Logger('test'));
    let finish = () => undefined as void;
    const slow = windows.publish(
      'doc',
      () => new Promise<void>((resolve) => (finish = () => resolve(void made.push('slow')))),
      record('slow later'),
    );
    await windows.publish('doc', record('folded now'), record('folded later'));
    await jest.advanceTimersByTimeAsync(200);
    finish();
    await slow;
    expect(made).toEqual(['slow']);
    await jest.advanceTimersByTimeAsync(50);
    expect(made).toEqual(['slow', 'folded later']);
  });
});
