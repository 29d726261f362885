import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { post } from '../../test/support/http-client';
import { request } from '../../test/support/realtime-client';
import { DocumentRef } from './cursor-fan-out';
import { cpuOf } from './paced-load';

export const ADD_PATHS = ['socket', 'rest'] as const;
export type AddPath = (typeof ADD_PATHS)[number];

/** Where comments are added: the author's subscribed socket, and the tenant's REST call naming the same author. */
export interface CommentTarget {
  socket: Socket;
  url: string;
  headers: Record<string, string>;
  document: DocumentRef;
  author: { userId: string; name: string; email: string };
  pids: number[];
}

export interface AddRun {
  cpuMsPerAdd: number;
  /** Wall time of one add, from the call to its answer (ms). */
  p50: number;
}

let added = 0;

/** One add: a new thread with one comment, answered before the next is sent. */
async function addOne(target: CommentTarget, path: AddPath): Promise<void> {
  const commentText = `Bench comment ${++added}`;
  if (path === 'socket') {
    const ack = await request(target.socket, 'comments:add', { ...target.document, comment: { commentText } });
    if (ack.status !== 'success') throw new Error(`comments:add: ${JSON.stringify(ack)}`);
    return;
  }
  const response = await post(
    target.url,
    '/v2/commentannotations/add',
    { ...target.document, commentAnnotations: [{ commentData: [{ commentText, from: target.author }] }] },
    target.headers,
  );
  if (response.status !== 200) throw new Error(`commentannotations/add: ${JSON.stringify(response.body)}`);
}

/** `count` sequential adds through one path; the API instances' CPU over them, per add. */
export async function addComments(target: CommentTarget, path: AddPath, count: number): Promise<AddRun> {
  const times: number[] = [];
  const cpuBefore = cpuOf(target.pids);
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    await addOne(target, path);
    times.push(performance.now() - at);
  }
  const cpuMs = cpuOf(target.pids) - cpuBefore;
  times.sort((a, b) => a - b);
  return { cpuMsPerAdd: cpuMs / count, p50: times[Math.floor(times.length / 2)] };
}
