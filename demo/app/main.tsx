import { CollabProvider, DocumentProvider } from '@collab-backend/react';
import '@collab-backend/react-ui/styles.css';
import '@collab-backend/tiptap/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './demo.css';
import { session } from './session';

const query = new URLSearchParams(location.search);
const userId = query.get('user') ?? 'alice';
// `?theme=dark` shows the kit's dark theme (data-collab-theme on the root, which the page's own colours follow too).
document.documentElement.dataset.collabTheme = query.get('theme') ?? 'light';
const first = await session(userId);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <CollabProvider
      url={first.apiUrl}
      apiKey={first.apiKey}
      token={first.token}
      userId={userId}
      organizationId={first.organizationId}
      refreshToken={async () => (await session(userId)).token}
    >
      <DocumentProvider documentId={first.documentId}>
        <App userId={userId} />
      </DocumentProvider>
    </CollabProvider>
  </StrictMode>,
);
