import { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import { Doc } from 'yjs';
import { useCollab, useDocument } from './contexts';

export interface SharedDoc {
  doc: Doc;
  provider: HocuspocusProvider;
}

/**
 * `@collab-backend/react/shared-doc`, apart from the other hooks so that an app without a shared editor needs neither
 * Yjs nor `@hocuspocus/provider`.
 * The Yjs document of one editor of the entered document, synced through the API's `/collab` endpoint as the user
 * (each connection asks `refreshToken` for a fresh token). Bind TipTap, Lexical or CodeMirror to `doc` and
 * `provider` as usual. It is made again under the new id when the document is migrated; `null` until entered.
 */
export function useSharedDoc(editorId: string): SharedDoc | null {
  const { options, organizationId } = useCollab();
  const { documentId, status } = useDocument();
  const [shared, setShared] = useState<SharedDoc | null>(null);
  const { url, apiKey } = options;
  useEffect(() => {
    if (status !== 'entered') return;
    const doc = new Doc();
    const provider = new HocuspocusProvider({
      url: `${url.replace(/^http/, 'ws')}/collab?apiKey=${encodeURIComponent(apiKey)}`,
      name: [organizationId, documentId, editorId].map(encodeURIComponent).join('/'),
      document: doc,
      token: async () => (options.refreshToken ? options.refreshToken() : options.token),
    });
    setShared({ doc, provider });
    return () => {
      setShared(null);
      provider.destroy();
      doc.destroy();
    };
  }, [url, apiKey, organizationId, documentId, editorId, status]);
  return shared;
}
