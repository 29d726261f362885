import { useCallback, useEffect, useState } from 'react';
import { call, type Session, setSession } from './api';
import { href, navigate, useRoute } from './router';
import { Activity } from './screens/activity';
import { Data } from './screens/data';
import { Keys } from './screens/keys';
import { Overview } from './screens/overview';
import { LinkSignIn, SignIn } from './screens/sign-in';
import { Webhooks } from './screens/webhooks';
import { Workflows } from './screens/workflows';
import { Select, useLoad } from './ui';

const SCREENS = [
  ['overview', 'Overview'],
  ['keys', 'Keys'],
  ['webhooks', 'Webhooks'],
  ['data', 'Data'],
  ['activity', 'Activity'],
  ['workflows', 'Workflows'],
] as const;

/** The console: sign-in until a session exists, then the screens of one API key of its workspace. */
export function App() {
  const route = useRoute();
  const [session, setCurrent] = useState<Session | null | undefined>(undefined);
  const ended = useCallback(() => setCurrent(null), []);
  setSession(session ?? null, ended);

  useEffect(() => {
    call<Session>('/v2/workspace/console/session/get', {}).then(
      (result) => setCurrent(result.data),
      () => setCurrent(null),
    );
  }, []);

  if (route[0] === 'link' && route[1]) return <LinkSignIn token={route[1]} onSignedIn={setCurrent} />;
  if (session === undefined) return <p className="muted">Loading…</p>;
  if (session === null) return <SignIn onSignedIn={setCurrent} />;
  return <Shell session={session} route={route} onSignedOut={ended} />;
}

function Shell({ session, route, onSignedOut }: { session: Session; route: string[]; onSignedOut: () => void }) {
  const keys = useLoad(
    async () =>
      (await call<Array<{ id: string; apiKeyName: string; type: string }>>('/v2/workspace/apikeys/get', {})).data,
    [session.workspaceId],
  );
  const [apiKey, setApiKey] = useState<string | null>(null);
  // Chosen once: a key created later (listed in id order, maybe first) must not take the place of the one in use.
  const first = keys.value?.[0]?.id ?? null;
  useEffect(() => {
    if (apiKey === null && first !== null) setApiKey(first);
  }, [apiKey, first]);
  const current = apiKey;
  const screen = SCREENS.some(([name]) => name === route[0]) ? route[0] : 'overview';

  async function signOut() {
    await call('/v2/workspace/console/signout', {});
    onSignedOut();
    navigate('');
  }

  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">
          Console · <span>{session.workspaceName}</span> <span className="muted">({session.workspaceId})</span>
        </p>
        {keys.value && keys.value.length > 0 && (
          <Select
            label="API key"
            value={current ?? ''}
            options={keys.value.map((key) => [key.id, `${key.apiKeyName} (${key.id})`])}
            onChange={setApiKey}
          />
        )}
        <p className="who">{session.email ?? 'Signed in with the workspace token'}</p>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav aria-label="Screens">
        <ul>
          {SCREENS.map(([name, label]) => (
            <li key={name}>
              <a href={href(name)} aria-current={screen === name ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">
        {current === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <Screen name={screen} route={route.slice(1)} apiKey={current} reloadKeys={keys.reload} />
        )}
      </main>
    </div>
  );
}

function Screen({
  name,
  route,
  apiKey,
  reloadKeys,
}: {
  name: string;
  route: string[];
  apiKey: string;
  reloadKeys: () => void;
}) {
  switch (name) {
    case 'keys':
      return <Keys apiKey={apiKey} reloadKeys={reloadKeys} />;
    case 'webhooks':
      return <Webhooks apiKey={apiKey} />;
    case 'data':
      return <Data apiKey={apiKey} route={route} />;
    case 'activity':
      return <Activity apiKey={apiKey} />;
    case 'workflows':
      return <Workflows apiKey={apiKey} route={route} />;
    default:
      return <Overview apiKey={apiKey} />;
  }
}
