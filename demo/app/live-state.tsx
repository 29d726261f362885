import { useLiveState } from '@collab-backend/react';
import { useState } from 'react';

interface Shared extends Record<string, unknown> {
  counter?: number;
  text?: string;
}

/** A counter and a line of text in the document's `shared` live state: every window shows the latest set. */
export function LiveStateSection() {
  const [shared, set] = useLiveState<Shared>('shared');
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="live-title">
      <h2 id="live-title">Shared live state</h2>
      <p>
        Counter: <b id="counter">{shared?.counter ?? 0}</b>{' '}
        <button
          id="increment"
          type="button"
          className="collab-button"
          onClick={() => void set({ counter: (shared?.counter ?? 0) + 1 }, { merge: true })}
        >
          +1
        </button>
      </p>
      <input
        id="text"
        aria-label="Shared text"
        placeholder="Type here; everyone sees it"
        size={40}
        value={editing ?? shared?.text ?? ''}
        onFocus={() => setEditing(shared?.text ?? '')}
        onBlur={() => setEditing(null)}
        onChange={(event) => {
          setEditing(event.target.value);
          void set({ text: event.target.value }, { merge: true });
        }}
      />
    </section>
  );
}
