import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { Handshake } from './realtime-client';

/** One editor: a real @hocuspocus/provider on its own WebSocket to an API's /collab endpoint. */
export interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  text(): Y.Text;
  /** The text under `content` (Velt's default content key). */
  content(): string;
  /** Resolves once the server acknowledged every local change. */
  acknowledged(timeoutMs?: number): Promise<void>;
  /** Reasons of the document closes the server sent (access-revoked, rate-limited, ...). */
  closes: string[];
  destroy(): void;
}

export function collabUrl(apiUrl: string, apiKey: string): string {
  return `${apiUrl.replace(/^http/, 'ws')}/collab?apiKey=${encodeURIComponent(apiKey)}`;
}

/** Opens `name` (organizationId/documentId/editorId) as the token's user; resolves once synced, rejects on refusal. */
export async function openEditor(apiUrl: string, auth: Handshake, name: string): Promise<Editor> {
  const doc = new Y.Doc();
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: collabUrl(apiUrl, auth.apiKey),
    WebSocketPolyfill: WebSocket,
    maxAttempts: 1,
  });
  const closes: string[] = [];
  let provider!: HocuspocusProvider;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not sync within 10 s`)), 10_000);
    provider = new HocuspocusProvider({
      websocketProvider,
      name,
      document: doc,
      token: auth.token,
      onSynced: () => {
        clearTimeout(timer);
        resolve();
      },
      onAuthenticationFailed: ({ reason }) => {
        clearTimeout(timer);
        reject(new Error(`authentication failed: ${reason}`));
      },
      onClose: ({ event }) => closes.push(event.reason),
    });
    provider.attach();
  }).catch((error: unknown) => {
    provider.destroy();
    websocketProvider.destroy();
    throw error;
  });
  return {
    doc,
    provider,
    closes,
    text: () => doc.getText('content'),
    content: () => doc.getText('content').toJSON(),
    acknowledged: (timeoutMs = 5000) =>
      new Promise<void>((resolve, reject) => {
        if (!provider.hasUnsyncedChanges) return resolve();
        const timer = setTimeout(() => reject(new Error(`changes not acknowledged within ${timeoutMs} ms`)), timeoutMs);
        const listener = ({ number }: { number: number }) => {
          if (number !== 0) return;
          clearTimeout(timer);
          provider.off('unsyncedChanges', listener);
          resolve();
        };
        provider.on('unsyncedChanges', listener);
      }),
    destroy: () => {
      provider.destroy();
      websocketProvider.destroy();
    },
  };
}

/** The reason the server gave when refusing to open `name`. */
export async function openRefusal(apiUrl: string, auth: Handshake, name: string): Promise<string> {
  try {
    const editor = await openEditor(apiUrl, auth, name);
    editor.destroy();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name} was opened`);
}
