import { useDocument, useCreateThread, useThreads } from '@collab-backend/react';
import { AvatarStack, Composer, Cursors, NotificationInbox, Thread } from '@collab-backend/react-ui';
import type { Thread as ThreadData } from '@collab-backend/realtime';
import { useState } from 'react';
import { LiveStateSection } from './live-state';
import { PinnedComments } from './pinned-comments';
import { SharedNotes } from './shared-notes';
import { useTestProbe } from './test-probe';

/** A thread on a passage of the shared notes: it is shown beside its text, not in the sidebar. */
const isInline = (thread: ThreadData) => thread.context?.textEditorConfig !== undefined;

/** The inbox's route to a notification's thread: wherever its card is on the page, brought into view with its reply box focused. */
function openThread(annotationId: unknown) {
  if (typeof annotationId !== 'string') return;
  const card = document.querySelector(`.collab-thread[data-annotation-id="${CSS.escape(annotationId)}"]`);
  card?.scrollIntoView({ block: 'center' });
  card?.querySelector('textarea')?.focus();
}

function statusText(status: string, role: string | undefined): string {
  if (status === 'access_revoked') return 'removed: your access to this document was revoked';
  if (status === 'left') return 'left';
  if (status === 'refused') return 'refused: you have no access to this document';
  return status === 'entered' ? `connected as ${role}` : 'connecting';
}

/** The demo document: who is here, live state, shared notes and pinned comments over one area with live cursors; every thread and a composer beside it. */
export function App({ userId }: { userId: string }) {
  const { room, documentId, status } = useDocument();
  // Resolved threads on the notes come here, where they can be reopened; open ones sit beside their text.
  const threads = useThreads().filter((thread) => !isInline(thread) || thread.status?.type === 'terminal');
  const createThread = useCreateThread();
  const [placing, setPlacing] = useState(false);
  useTestProbe();
  const closed = status === 'access_revoked' || status === 'left';
  return (
    <>
      <header className="demo-header">
        <div>
          <h1>
            Demo document <code id="doc-id">{documentId}</code>
          </h1>
          <p>
            Signed in as <b id="user">{userId}</b>.{' '}
            <span id="status" role="status" className={closed ? 'removed' : undefined}>
              {statusText(status, room?.role)}
            </span>
          </p>
        </div>
        <div className="demo-toolbar">
          <div id="presence">{!closed && <AvatarStack />}</div>
          <NotificationInbox onOpen={(notification) => openThread(notification.targetAnnotationId)} />
        </div>
      </header>
      <div className="demo-layout">
        <main id="document" aria-label="Document">
          <Cursors className="demo-document">
            <div className="demo-document-tools">
              <button
                type="button"
                className="collab-button"
                aria-pressed={placing}
                onClick={() => setPlacing(!placing)}
              >
                {placing ? 'Click where the comment goes' : 'Pin a comment'}
              </button>
            </div>
            <LiveStateSection />
            <SharedNotes />
            <PinnedComments threads={threads} placing={placing} onPlaced={() => setPlacing(false)} />
          </Cursors>
        </main>
        <aside className="demo-sidebar" aria-labelledby="comments-title">
          <h2 id="comments-title">Comments</h2>
          <div id="comments">
            {threads.map((thread) => (
              <Thread key={thread.annotationId} thread={thread} />
            ))}
          </div>
          <Composer label="New comment" onSubmit={(comment) => createThread({ comment })} />
        </aside>
      </div>
    </>
  );
}
