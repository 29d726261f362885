import {
  type DependencyList,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ConsoleError } from './api';

/** A value loaded by `load`, again whenever `deps` change or `reload()` is called. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<{ value?: T; error?: string; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (value) => live && setState({ value, loading: false }),
      (error: unknown) => live && setState({ error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

export function messageOf(error: unknown): string {
  return error instanceof ConsoleError ? `${error.status}: ${error.message}` : String(error);
}

/** Runs an action, holding its outcome for a status line: errors are shown, never thrown away. */
export function useAction() {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<string | void>) => {
    setBusy(true);
    setStatus(null);
    try {
      const text = await action();
      if (text) setStatus({ text, error: false });
    } catch (error) {
      setStatus({ text: messageOf(error), error: true });
    } finally {
      setBusy(false);
    }
  }, []);
  return { status, busy, run };
}

/** A status line screen readers announce: polite for news, assertive for an error. */
export function Status({ status }: { status: { text: string; error: boolean } | null }) {
  return (
    <p className={status?.error ? 'status error' : 'status'} role={status?.error ? 'alert' : 'status'}>
      {status?.text ?? ''}
    </p>
  );
}

export function Loading<T>({
  state,
  children,
}: {
  state: { value?: T; error?: string; loading: boolean };
  children: (value: T) => ReactNode;
}) {
  if (state.error)
    return (
      <p role="alert" className="status error">
        {state.error}
      </p>
    );
  if (state.value === undefined) return <p className="muted">Loading…</p>;
  return <>{children(state.value)}</>;
}

/** The screen's heading, focused when the screen opens so keyboard and screen-reader users start there. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Field({
  label,
  value,
  onChange,
  type = 'text',
  required,
  placeholder,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        required={required}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function TextArea({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} rows={6} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form whose submit runs `onSubmit`; Enter in any field submits, as a form should. */
export function Form({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      className="form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A table with its caption and column headers. */
export function Table({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="muted">
              None
            </td>
          </tr>
        ) : (
          rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Keyset paging: the tokens of the pages before, so "Previous" works too. */
export function usePages() {
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined]);
  const current = tokens[tokens.length - 1];
  return {
    token: current,
    reset: () => setTokens([undefined]),
    pager: (next: string | undefined) => (
      <div className="pager">
        <button type="button" disabled={tokens.length === 1} onClick={() => setTokens(tokens.slice(0, -1))}>
          Previous page
        </button>
        <button type="button" disabled={!next} onClick={() => setTokens([...tokens, next])}>
          Next page
        </button>
      </div>
    ),
  };
}

/** Pretty JSON in a scrollable, focusable block (a region a keyboard user can scroll). */
export function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <pre className="json" tabIndex={0} aria-label={label}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' }) + ' UTC' : '—';
}

/** A button that runs `work` as `action`, its outcome on the action's status line. */
export function ActionButton({
  action,
  work,
  children,
}: {
  action: ReturnType<typeof useAction>;
  work: () => Promise<string | void>;
  children: ReactNode;
}) {
  return (
    <button type="button" disabled={action.busy} onClick={() => void action.run(work)}>
      {children}
    </button>
  );
}
