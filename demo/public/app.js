// The demo page: presence, cursors, live state and comments go through @collab-backend/realtime, the shared notes through
// Hocuspocus at the API's /collab endpoint; the demo server only issues the tokens.
import { RealtimeClient } from '/realtime/index.js';
import { openSharedEditor } from '/shared-editor.js';

const $ = (id) => document.getElementById(id);
const userId = new URLSearchParams(location.search).get('user') ?? 'alice';
const post = async (path, body) =>
  (
    await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json();

const session = await post('/session', { userId });
const client = new RealtimeClient({
  url: session.apiUrl,
  apiKey: session.apiKey,
  token: session.token,
  userId,
  refreshToken: async () => (await post('/session', { userId })).token,
});
const room = await client.enterDocument(session.organizationId, session.documentId);
$('user').textContent = userId;
$('doc-id').textContent = room.documentId;
$('status').textContent = `connected as ${room.role}`;

// Every (re)connection of the shared notes asks the demo server for a fresh token.
const openEditor = (documentId) =>
  openSharedEditor({
    ...session,
    documentId,
    editorId: 'notes',
    token: async () => (await post('/session', { userId })).token,
    textarea: $('editor'),
    status: $('editor-status'),
  });
let editor = openEditor(room.documentId);

function renderPresence() {
  const self = room.presence.self();
  const people = [...(self ? [self] : []), ...room.presence.others()];
  $('presence').innerHTML = '';
  for (const person of people) {
    const avatar = document.createElement('span');
    avatar.className = person.userId === userId ? 'avatar self' : 'avatar';
    avatar.dataset.userId = person.userId;
    avatar.title = person.name ?? person.userId;
    avatar.textContent = (person.name ?? person.userId).slice(0, 1).toUpperCase();
    $('presence').append(avatar);
  }
}

function renderShared(shared = room.liveState.get('shared') ?? {}) {
  $('counter').textContent = String(shared.counter ?? 0);
  if (document.activeElement !== $('text')) $('text').value = shared.text ?? '';
}

function renderComments(threads) {
  $('comments').innerHTML = '';
  for (const comment of threads.flatMap((thread) => thread.comments)) {
    const item = document.createElement('li');
    item.textContent = `${comment.from?.name ?? comment.from?.userId}: ${comment.commentText}`;
    $('comments').append(item);
  }
}

// The others' cursors, at the spot of the document area each one's presence data names.
function renderCursors(connections) {
  $('cursors').innerHTML = '';
  for (const { connectionId, userId: owner, name, data } of connections) {
    if (!data.cursor) continue;
    const cursor = document.createElement('span');
    cursor.className = 'cursor';
    cursor.dataset.userId = owner;
    cursor.dataset.connectionId = connectionId;
    cursor.style.left = `${data.cursor.x}px`;
    cursor.style.top = `${data.cursor.y}px`;
    cursor.textContent = name ?? owner;
    $('cursors').append(cursor);
  }
}

// One set in flight and at most one every 50 ms, the latest position winning: well inside the server's rate limit.
let pointer;
let sendingPointer = false;
async function sendPointer() {
  if (sendingPointer) return;
  sendingPointer = true;
  while (pointer) {
    const data = pointer;
    pointer = undefined;
    await room.presence.set(data).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  sendingPointer = false;
}
$('document').onmousemove = (event) => {
  const area = $('document').getBoundingClientRect();
  pointer = { cursor: { x: Math.round(event.clientX - area.left), y: Math.round(event.clientY - area.top) } };
  void sendPointer();
};
$('document').onmouseleave = () => {
  pointer = { cursor: null };
  void sendPointer();
};

room.presence.update(renderPresence);
room.presence.onConnections(renderCursors);
room.comments.subscribe(renderComments);
room.liveState.subscribe('shared', renderShared);
room.onMigrated(({ to }) => {
  $('doc-id').textContent = to;
  editor.destroy();
  editor = openEditor(to);
});
room.onClosed(({ reason }) => {
  editor.destroy();
  $('editor').disabled = true;
  $('editor-status').textContent = 'closed';
  $('status').textContent = reason === 'access_revoked' ? 'removed: your access to this document was revoked' : 'left';
  $('status').className = 'removed';
  $('presence').innerHTML = '';
  $('cursors').innerHTML = '';
});
client.onStatus((status) => {
  if (!room.closed) $('status').textContent = status === 'connected' ? `connected as ${room.role}` : 'reconnecting';
});

$('increment').onclick = () =>
  room.liveState.set('shared', { counter: Number($('counter').textContent) + 1 }, { merge: true });
$('text').oninput = () => room.liveState.set('shared', { text: $('text').value }, { merge: true });
$('comment-form').onsubmit = async (event) => {
  event.preventDefault();
  await room.comments.add({ comment: { commentText: $('comment-text').value } });
  $('comment-text').value = '';
};

renderPresence();
renderShared();
renderCursors(room.presence.connections());
await room.comments.list({ pageSize: 100 });

// For the browser test's latency probe: arrival times of `bench` updates, on the shared wall clock.
window.demo = { room, client, received: {}, editor: () => editor };
room.liveState.subscribe(
  'bench',
  (data) => (window.demo.received[data.i] = performance.timeOrigin + performance.now()),
);
document.body.dataset.ready = 'true';
