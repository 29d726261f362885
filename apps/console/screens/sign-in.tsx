import { useEffect, useRef, useState } from 'react';
import { call, type Session } from '../api';
import { navigate } from '../router';
import { Field, Form, messageOf, ScreenTitle, Section, Status, useAction } from '../ui';

/** Sign-in with the workspace's credentials, or by a link e-mailed to its owner. */
export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [workspaceId, setWorkspaceId] = useState('');
  const [authToken, setAuthToken] = useState('');
  const [email, setEmail] = useState('');
  const credentials = useAction();
  const link = useAction();
  return (
    <main id="main" className="sign-in">
      <ScreenTitle>Sign in to the console</ScreenTitle>
      <Section title="With the workspace's credentials">
        <Form
          label="Sign in with credentials"
          onSubmit={() =>
            void credentials.run(async () => {
              const result = await call<Session>('/v2/workspace/console/signin', { workspaceId, authToken });
              onSignedIn(result.data);
              navigate('overview');
            })
          }
        >
          <Field label="Workspace id" value={workspaceId} onChange={setWorkspaceId} required />
          <Field label="Workspace auth token" type="password" value={authToken} onChange={setAuthToken} required />
          <button type="submit" disabled={credentials.busy}>
            Sign in
          </button>
        </Form>
        <Status status={credentials.status} />
      </Section>
      <Section title="With a link e-mailed to the owner">
        <Form
          label="E-mail me a sign-in link"
          onSubmit={() =>
            void link.run(async () => {
              await call('/v2/workspace/email/send-login-link', { email, continueUrl: `${location.origin}/console/` });
              return 'If this address owns a workspace whose e-mail service is set up, a sign-in link is on its way.';
            })
          }
        >
          <Field
            label="Owner's e-mail address"
            type="email"
            value={email}
            onChange={setEmail}
            required
            autoComplete="email"
          />
          <button type="submit" disabled={link.busy}>
            E-mail me a link
          </button>
        </Form>
        <Status status={link.status} />
      </Section>
    </main>
  );
}

/** `#/link/<token>`: spends the e-mailed link once, then continues where it was asked to. */
export function LinkSignIn({ token, onSignedIn }: { token: string; onSignedIn: (session: Session) => void }) {
  const [error, setError] = useState<string | null>(null);
  const spent = useRef(false);
  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    call<Session & { continueUrl: string }>('/v2/workspace/console/signin/link', { token }).then(
      (result) => {
        onSignedIn(result.data);
        const target = new URL(result.data.continueUrl);
        const here = target.origin === location.origin && target.pathname.startsWith('/console');
        if (here && target.hash) location.hash = target.hash;
        else navigate('overview');
      },
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [token, onSignedIn]);
  return (
    <main id="main" className="sign-in">
      <ScreenTitle>Signing in with your link</ScreenTitle>
      {error ? (
        <>
          <p role="alert" className="status error">
            {error}
          </p>
          <p>
            <a href="#/">Back to sign-in</a>
          </p>
        </>
      ) : (
        <p className="muted">Checking the link…</p>
      )}
    </main>
  );
}
