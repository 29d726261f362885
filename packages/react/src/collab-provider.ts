import { RealtimeClient, type RealtimeOptions } from '@collab-backend/realtime';
import { createElement, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CollabContext } from './contexts';
import { Inbox } from './inbox';

export interface CollabProviderProps extends RealtimeOptions {
  /** The organization whose documents and inbox the hooks below use. */
  organizationId: string;
  children?: ReactNode;
}

/**
 * Connects the user to the API with their token (asking `refreshToken` for a new one when it expires) and keeps
 * their inbox. The client is made after mounting, so server-side rendering renders the hooks' empty values.
 * A new client is made only for another API, key, user or organization; `refreshToken` is always the latest one given.
 */
export function CollabProvider({ children, organizationId, ...options }: CollabProviderProps) {
  const [connection, setConnection] = useState<{ client: RealtimeClient; inbox: Inbox } | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const { url, apiKey, userId } = options;
  useEffect(() => {
    const { token, refreshToken } = latest.current;
    const client = new RealtimeClient({
      url,
      apiKey,
      userId,
      token,
      refreshToken: refreshToken && (() => (latest.current.refreshToken ?? refreshToken)()),
    });
    const inbox = new Inbox(client, organizationId);
    const stopInbox = inbox.start();
    setConnection({ client, inbox });
    void client.connect().catch(() => undefined);
    return () => {
      stopInbox();
      client.disconnect();
      setConnection(null);
    };
  }, [url, apiKey, userId, organizationId]);
  const value = useMemo(
    () => ({
      client: connection?.client ?? null,
      inbox: connection?.inbox ?? null,
      options: latest.current,
      organizationId,
    }),
    [connection, organizationId],
  );
  return createElement(CollabContext.Provider, { value }, children);
}
