import { randomBytes } from 'node:crypto';
import { ApiError, KeysetPager } from '@app/common';
import {
  cursorOf,
  done,
  FEATURE_PAGE_SIZE,
  featurePage,
  FIRST_PAGE,
  isDone,
  USER_DATA_LISTING,
} from './user-data-page';

const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));

describe('users/data/get paging', () => {
  it('pages one feature by FEATURE_PAGE_SIZE and marks it done after its last item', async () => {
    const all = numbers(1, 150);
    const read = ([after]: [string], limit: number) =>
      Promise.resolve(all.filter((seq) => Number(seq) > Number(after)).slice(0, limit));
    const first = await featurePage(FIRST_PAGE.comments, read, (seq): [string] => [seq]);
    expect([first.items.length, first.next]).toEqual([FEATURE_PAGE_SIZE, ['100']]);
    const second = await featurePage(first.next, read, (seq): [string] => [seq]);
    expect([second.items, isDone(second.next)]).toEqual([numbers(101, 50), true]);
    const third = await featurePage(
      second.next,
      () => Promise.reject(new Error('a finished list is not read again')),
      (seq: string): [string] => [seq],
    );
    expect(third).toEqual({ items: [], next: second.next });
  });

  it('carries every feature position in one signed token, refused for another user', () => {
    const key = randomBytes(32);
    const scope = { apiKeyId: 'k', filters: ['acme', 'alice'] };
    const cursor = {
      comments: ['42'] as [string],
      reactions: done(['7', 'like'] as [string, string]),
      grants: ['3', 'doc-1'] as [string, string],
      notifications: ['9'] as [string],
      activities: ['1800000000000', 'act-1'] as [string, string],
      crdt: ['0', '-1', 'editor-1'] as [string, string, string],
      workflows: ['1800000000001', 'exec_1 step_a u1'] as [string, string],
      commentReads: ['0', 'doc-1', 'thread-1'] as [string, string, string],
      threadSubscriptions: ['12'] as [string],
      memory: ['1800000000002', 'j act_1'] as [string, string],
      agents: ['1800000000002', 'exec_2'] as [string, string],
    };
    const token = new KeysetPager(USER_DATA_LISTING, {}, scope, key).tokenAfter(USER_DATA_LISTING.cursorOf(cursor));
    const back = new KeysetPager(USER_DATA_LISTING, { pageToken: token }, scope, key);
    expect(cursorOf(back.after ?? [])).toEqual(cursor);
    expect(
      () => new KeysetPager(USER_DATA_LISTING, { pageToken: token }, { ...scope, filters: ['acme', 'bob'] }, key),
    ).toThrow(ApiError);
  });
});
