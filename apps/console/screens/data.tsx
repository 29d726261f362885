import { useEffect, useState } from 'react';
import { call, page } from '../api';
import { href } from '../router';
import {
  ActionButton,
  Field,
  Form,
  Json,
  Loading,
  ScreenTitle,
  Section,
  Select,
  Status,
  Table,
  useAction,
  useLoad,
  usePages,
  when,
} from '../ui';

type Row = Record<string, unknown> & { id: string };

/** The data browser: organizations, then folders and documents, then a document's or a user's page. */
export function Data({ apiKey, route }: { apiKey: string; route: string[] }) {
  const [kind, organizationId, sub, id] = route;
  if (kind === 'org' && organizationId && sub === 'doc' && id)
    return <DocumentPage apiKey={apiKey} organizationId={organizationId} documentId={id} />;
  if (kind === 'org' && organizationId && sub === 'user' && id)
    return <UserPage apiKey={apiKey} organizationId={organizationId} userId={id} />;
  if (kind === 'org' && organizationId)
    return (
      <OrganizationPage apiKey={apiKey} organizationId={organizationId} folderId={sub === 'folder' ? id : undefined} />
    );
  return <Organizations apiKey={apiKey} />;
}

function Breadcrumbs({ items }: { items: Array<[string, string | null]> }) {
  return (
    <nav aria-label="Breadcrumb" className="crumbs">
      <ol>
        {items.map(([label, link]) => (
          <li key={label}>{link ? <a href={link}>{label}</a> : <span aria-current="page">{label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** A prefix search over a listing: by id (exact case) or by name (any case), each on its own index. */
function SearchBox({
  label,
  onSearch,
}: {
  label: string;
  onSearch: (search: { prefix: string; searchBy: 'id' | 'name' } | null) => void;
}) {
  const [prefix, setPrefix] = useState('');
  const [by, setBy] = useState<'id' | 'name'>('name');
  return (
    <Form label={label} onSubmit={() => onSearch(prefix ? { prefix, searchBy: by } : null)}>
      <Field label={`${label}: starts with`} value={prefix} onChange={setPrefix} />
      <Select
        label="Search by"
        value={by}
        options={[
          ['name', 'Name'],
          ['id', 'Id'],
        ]}
        onChange={(value) => setBy(value as 'id' | 'name')}
      />
      <button type="submit">Search</button>
    </Form>
  );
}

function Organizations({ apiKey }: { apiKey: string }) {
  const [search, setSearch] = useState<{ prefix: string; searchBy: 'id' | 'name' } | null>(null);
  const pages = usePages();
  const token = pages.token ? { pageToken: pages.token } : {};
  const organizations = useLoad(
    () =>
      search
        ? page<Row>('/v2/organizations/search', { ...search, pageSize: 25, ...token }, apiKey)
        : page<Row>('/v2/organizations/get', { pageSize: 25, ...token }, apiKey),
    [apiKey, JSON.stringify(search), pages.token],
  );
  return (
    <>
      <ScreenTitle>Data</ScreenTitle>
      <Section title="Organizations">
        <SearchBox
          label="Search organizations"
          onSearch={(next) => {
            setSearch(next);
            pages.reset();
          }}
        />
        <Loading state={organizations}>
          {({ items, next }) => (
            <>
              <Table
                caption="Organizations"
                columns={['Organization', 'Id', 'State']}
                rows={items.map((organization) => [
                  <a key="o" href={href('data', 'org', organization.id)}>
                    {String(organization.organizationName)}
                  </a>,
                  <code key="i">{organization.id}</code>,
                  organization.disabled ? 'disabled' : 'enabled',
                ])}
              />
              {pages.pager(next)}
            </>
          )}
        </Loading>
      </Section>
    </>
  );
}

function OrganizationPage({
  apiKey,
  organizationId,
  folderId,
}: {
  apiKey: string;
  organizationId: string;
  folderId?: string;
}) {
  const [search, setSearch] = useState<{ prefix: string; searchBy: 'id' | 'name' } | null>(null);
  const folderPages = usePages();
  const documentPages = usePages();
  const userPages = usePages();
  const folders = useLoad(
    () =>
      page<Row>(
        '/v2/organizations/folders/get',
        {
          organizationId,
          ...(folderId ? { parentFolderId: folderId } : {}),
          pageSize: 25,
          ...(folderPages.token ? { pageToken: folderPages.token } : {}),
        },
        apiKey,
      ),
    [apiKey, organizationId, folderId, folderPages.token],
  );
  const token = documentPages.token ? { pageToken: documentPages.token } : {};
  const documents = useLoad(
    () =>
      search
        ? page<Row>('/v2/organizations/documents/search', { organizationId, ...search, pageSize: 25, ...token }, apiKey)
        : page<Row>(
            '/v2/organizations/documents/get',
            { organizationId, ...(folderId ? { folderId } : {}), pageSize: 25, ...token },
            apiKey,
          ),
    [apiKey, organizationId, folderId, JSON.stringify(search), documentPages.token],
  );
  const users = useLoad(
    () =>
      page<Row & { userId: string; name?: string; email?: string }>(
        '/v2/users/get',
        { organizationId, pageSize: 25, ...(userPages.token ? { pageToken: userPages.token } : {}) },
        apiKey,
      ),
    [apiKey, organizationId, userPages.token],
  );
  return (
    <>
      <Breadcrumbs
        items={[
          ['Organizations', href('data')],
          [organizationId, folderId ? href('data', 'org', organizationId) : null],
          ...(folderId ? [[`Folder ${folderId}`, null] as [string, null]] : []),
        ]}
      />
      <ScreenTitle>{folderId ? `Folder ${folderId}` : `Organization ${organizationId}`}</ScreenTitle>
      <Section title={folderId ? 'Subfolders' : 'Folders'}>
        <Loading state={folders}>
          {({ items, next }) => (
            <>
              <Table
                caption="Folders"
                columns={['Folder', 'Parent', 'Access type']}
                rows={items.map((folder) => [
                  <a key="f" href={href('data', 'org', organizationId, 'folder', folder.id)}>
                    {String(folder.folderName)}
                  </a>,
                  String(folder.parentFolderId),
                  String(folder.accessType),
                ])}
              />
              {folderPages.pager(next)}
            </>
          )}
        </Loading>
      </Section>
      <Section title="Documents">
        <SearchBox
          label="Search documents"
          onSearch={(next) => {
            setSearch(next);
            documentPages.reset();
          }}
        />
        <Loading state={documents}>
          {({ items, next }) => (
            <>
              <Table
                caption={search ? 'Documents found' : folderId ? 'Documents in the folder' : 'Documents'}
                columns={['Document', 'Id', 'Access type', 'Folder']}
                rows={items
                  .filter((document) => document.id)
                  .map((document) => [
                    <a key="d" href={href('data', 'org', organizationId, 'doc', document.id)}>
                      {String(document.documentName)}
                    </a>,
                    <code key="i">{document.id}</code>,
                    String(document.accessType),
                    typeof document.folderId === 'string' ? document.folderId : '—',
                  ])}
              />
              {documentPages.pager(next)}
            </>
          )}
        </Loading>
      </Section>
      {!folderId && (
        <Section title="Users">
          <Loading state={users}>
            {({ items, next }) => (
              <>
                <Table
                  caption="Users of the organization"
                  columns={['User', 'Name', 'E-mail']}
                  rows={items.map((user) => [
                    <a key="u" href={href('data', 'org', organizationId, 'user', user.userId)}>
                      {user.userId}
                    </a>,
                    user.name ?? '—',
                    user.email ?? '—',
                  ])}
                />
                {userPages.pager(next)}
              </>
            )}
          </Loading>
        </Section>
      )}
    </>
  );
}

interface AccessView {
  accessType: string;
  disabled: boolean;
  organizationDisabled: boolean;
  folderChain: string[];
  grants: Array<{ level: string; resourceId: string; userId: string; accessRole: string; expiresAt: string | null }>;
  users: Array<{
    userId: string;
    name: string | null;
    accessRole: string | null;
    reason: string;
    decidedBy: { level: string; resourceId: string } | null;
  }>;
  groups: Array<{ groupId: string; groupName: string; memberIds: string[]; memberCount: number }>;
  truncated: boolean;
}

const REASONS: Record<string, string> = {
  'organization-disabled': 'the organization is disabled',
  'document-disabled': 'the document is disabled',
  admin: 'admin',
  'document-grant': 'a grant on the document',
  'folder-grant': 'a grant on a folder above it',
  restricted: 'restricted: no grant on the document or its folders',
  'organization-grant': 'a grant on the organization',
  public: 'public document: any user of the key reads it',
  'organization-member': 'a member of the organization reads it',
  none: 'no grant, not a member',
};

function DocumentPage({
  apiKey,
  organizationId,
  documentId,
}: {
  apiKey: string;
  organizationId: string;
  documentId: string;
}) {
  const ref = { organizationId, documentId };
  const access = useLoad(
    async () => (await call<AccessView>('/v2/organizations/documents/access/get', ref, apiKey)).data,
    [apiKey, organizationId, documentId],
  );
  const threads = useLoad(
    async () =>
      (
        await call<
          Array<{
            annotationId: string;
            status?: { name?: string };
            comments: Array<{ commentId: number; commentText: string; from?: { userId: string; name?: string } }>;
          }>
        >('/v2/commentannotations/get', ref, apiKey)
      ).data,
    [apiKey, organizationId, documentId],
  );
  const live = useLoad(
    async () => (await call<unknown>('/v2/livestate/get', ref, apiKey)).data,
    [apiKey, organizationId, documentId],
  );
  const presence = useLoad(
    async () => (await call<unknown>('/v2/presence/get', ref, apiKey)).data,
    [apiKey, organizationId, documentId],
  );
  return (
    <>
      <Breadcrumbs
        items={[
          ['Organizations', href('data')],
          [organizationId, href('data', 'org', organizationId)],
          [`Document ${documentId}`, null],
        ]}
      />
      <ScreenTitle>Document {documentId}</ScreenTitle>
      <Section title="Who has access, and why">
        <Loading state={access}>
          {(view) => (
            <>
              <p>
                Access type <strong>{view.accessType}</strong>
                {view.disabled ? ', disabled' : ''}
                {view.organizationDisabled ? ', organization disabled' : ''}; folder chain:{' '}
                {view.folderChain.length ? view.folderChain.join(' → ') : "none (at the organization's top)"}.
              </p>
              <Table
                caption="Users"
                columns={['User', 'Role', 'Why']}
                rows={view.users.map((user) => [
                  <a key="u" href={href('data', 'org', organizationId, 'user', user.userId)}>
                    {user.name ? `${user.name} (${user.userId})` : user.userId}
                  </a>,
                  user.accessRole ?? 'no access',
                  `${REASONS[user.reason] ?? user.reason}${user.decidedBy ? ` (${user.decidedBy.level} ${user.decidedBy.resourceId})` : ''}`,
                ])}
              />
              <Table
                caption="Grants on the organization, the folder chain and the document"
                columns={['On', 'User', 'Role', 'Expires']}
                rows={view.grants.map((grant) => [
                  `${grant.level} ${grant.resourceId}`,
                  grant.userId,
                  grant.accessRole,
                  when(grant.expiresAt),
                ])}
              />
              <Table
                caption="Groups of the organization (they grant nothing by themselves)"
                columns={['Group', 'Members']}
                rows={view.groups.map((group) => [
                  `${group.groupName} (${group.groupId})`,
                  `${group.memberIds.join(', ')}${group.memberCount > group.memberIds.length ? ' …' : ''}`,
                ])}
              />
              {view.truncated && <p className="muted">Only the first 500 of each list are shown.</p>}
            </>
          )}
        </Loading>
      </Section>
      <Section title="Threads (read-only)">
        <Loading state={threads}>
          {(list) =>
            list.length === 0 ? (
              <p className="muted">No threads.</p>
            ) : (
              <ul className="threads">
                {list.map((thread) => (
                  <li key={thread.annotationId}>
                    <article aria-label={`Thread ${thread.annotationId}`}>
                      <h3>
                        Thread {thread.annotationId} <span className="muted">{thread.status?.name ?? ''}</span>
                      </h3>
                      <ol>
                        {thread.comments.map((comment) => (
                          <li key={comment.commentId}>
                            <strong>{comment.from?.name ?? comment.from?.userId ?? 'someone'}:</strong>{' '}
                            {comment.commentText}
                          </li>
                        ))}
                      </ol>
                    </article>
                  </li>
                ))}
              </ul>
            )
          }
        </Loading>
      </Section>
      <Section title="Live state">
        <Loading state={live}>{(value) => <Json label="Live state" value={value} />}</Loading>
      </Section>
      <Section title="Present now">
        <Loading state={presence}>{(value) => <Json label="Presence" value={value} />}</Loading>
      </Section>
      <Crdt apiKey={apiKey} organizationId={organizationId} documentId={documentId} />
    </>
  );
}

interface Version {
  versionId: string;
  versionName: string;
  kind: string;
  createdAt: number;
  createdBy: string | null;
}

interface Diff {
  changes: Array<{ userId: string | null; insertions: number; deletions: number }>;
  delta?: Array<{ insert: string; change?: 'added' | 'removed'; userId?: string | null }>;
  before: unknown;
  after: unknown;
}

function Crdt({ apiKey, organizationId, documentId }: { apiKey: string; organizationId: string; documentId: string }) {
  const editors = useLoad(
    async () =>
      (await call<Array<{ id: string; data: unknown }>>('/v2/crdt/get', { organizationId, documentId }, apiKey)).data,
    [apiKey, organizationId, documentId],
  );
  return (
    <Section title="CRDT content and versions">
      <Loading state={editors}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">No CRDT content.</p>
          ) : (
            <>
              {list.map((editor) => (
                <Editor
                  key={editor.id}
                  apiKey={apiKey}
                  organizationId={organizationId}
                  documentId={documentId}
                  editor={editor}
                />
              ))}
            </>
          )
        }
      </Loading>
    </Section>
  );
}

function Editor({
  apiKey,
  organizationId,
  documentId,
  editor,
}: {
  apiKey: string;
  organizationId: string;
  documentId: string;
  editor: { id: string; data: unknown };
}) {
  const ref = { organizationId, documentId, editorId: editor.id };
  const versions = useLoad(
    async () => (await call<Version[]>('/v2/crdt/versions/get', { ...ref, pageSize: 50 }, apiKey)).data,
    [apiKey, editor.id],
  );
  const [diff, setDiff] = useState<{ title: string; value: Diff } | null>(null);
  const action = useAction();
  return (
    <div className="editor">
      <h3>Editor {editor.id}</h3>
      <Json label={`Content of ${editor.id}`} value={editor.data} />
      <Loading state={versions}>
        {(list) => (
          <Table
            caption={`Versions of ${editor.id}, newest first`}
            columns={['Version', 'Kind', 'Saved', 'By', 'Diff']}
            rows={list.map((version) => [
              version.versionName || `${version.kind} version`,
              version.kind,
              when(new Date(version.createdAt).toISOString()),
              version.createdBy ?? '—',
              <ActionButton
                key="d"
                action={action}
                work={async () => {
                  const result = await call<Diff>(
                    '/v2/crdt/versions/diff',
                    { ...ref, fromVersionId: version.versionId },
                    apiKey,
                  );
                  setDiff({
                    title: `Changes since ${version.versionName || when(new Date(version.createdAt).toISOString())}`,
                    value: result.data,
                  });
                }}
              >
                Diff from {version.versionName || when(new Date(version.createdAt).toISOString())} to now
              </ActionButton>,
            ])}
          />
        )}
      </Loading>
      <Status status={action.status} />
      {diff && (
        <div className="diff" role="region" aria-label={diff.title}>
          <h4>{diff.title}</h4>
          <Table
            caption="Who changed what"
            columns={['User', 'Insertions', 'Deletions']}
            rows={diff.value.changes.map((change) => [
              change.userId ?? 'unattributed',
              change.insertions,
              change.deletions,
            ])}
          />
          {diff.value.delta ? (
            <p className="redline">
              {diff.value.delta.map((run, index) =>
                run.change === 'added' ? (
                  <ins key={index} title={`added by ${run.userId ?? 'unknown'}`}>
                    {run.insert}
                  </ins>
                ) : run.change === 'removed' ? (
                  <del key={index} title={`removed by ${run.userId ?? 'unknown'}`}>
                    {run.insert}
                  </del>
                ) : (
                  <span key={index}>{run.insert}</span>
                ),
              )}
            </p>
          ) : (
            <>
              <Json label="Before" value={diff.value.before} />
              <Json label="After" value={diff.value.after} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function UserPage({ apiKey, organizationId, userId }: { apiKey: string; organizationId: string; userId: string }) {
  const report = useLoad(
    async () =>
      (
        await call<Record<string, { documents: Record<string, { accessRole?: string; error?: string }> }>>(
          '/v2/auth/permissions/get',
          { organizationId, userIds: [userId] },
          apiKey,
        )
      ).data[userId],
    [apiKey, organizationId, userId],
  );
  const [exported, setExported] = useState<unknown>(null);
  const [confirm, setConfirm] = useState('');
  const [job, setJob] = useState<string | null>(null);
  const action = useAction();
  return (
    <>
      <Breadcrumbs
        items={[
          ['Organizations', href('data')],
          [organizationId, href('data', 'org', organizationId)],
          [`User ${userId}`, null],
        ]}
      />
      <ScreenTitle>User {userId}</ScreenTitle>
      <Section title="Their documents">
        <Loading state={report}>
          {(access) => (
            <Table
              caption="Documents the user holds a grant on"
              columns={['Document', 'Access']}
              rows={Object.entries(access?.documents ?? {}).map(([documentId, entry]) => [
                <a key="d" href={href('data', 'org', organizationId, 'doc', documentId)}>
                  {documentId}
                </a>,
                entry.accessRole ?? entry.error ?? '—',
              ])}
            />
          )}
        </Loading>
      </Section>
      <Section title="GDPR export">
        <ActionButton
          action={action}
          work={async () => {
            const result = await call<unknown>('/v2/users/data/get', { organizationId, userId }, apiKey);
            setExported(result.data);
            return "Exported the first page of the user's data.";
          }}
        >
          Export the user's data
        </ActionButton>
        {exported !== null && <Json label="The user's data" value={exported} />}
      </Section>
      <Section title="GDPR erasure">
        <Form
          label="Erase the user's data"
          onSubmit={() =>
            void action.run(async () => {
              if (confirm !== userId) throw new Error(`Type the user id (${userId}) to confirm.`);
              const result = await call<{ jobId: string }>(
                '/v2/users/data/delete',
                { userIds: [userId], organizationIds: [organizationId] },
                apiKey,
              );
              setJob(result.data.jobId);
              setConfirm('');
              return 'Erasure started.';
            })
          }
        >
          <p>Erasing deletes the user's grants, comments, reactions, notifications and more, for good.</p>
          <Field label={`Type ${userId} to confirm`} value={confirm} onChange={setConfirm} required />
          <button type="submit" disabled={confirm !== userId || action.busy}>
            Erase {userId}
          </button>
        </Form>
        <Status status={action.status} />
        {job && <ErasureProgress apiKey={apiKey} jobId={job} />}
      </Section>
    </>
  );
}

/** The erasure's progress, asked again every second until it completes. */
function ErasureProgress({ apiKey, jobId }: { apiKey: string; jobId: string }) {
  const [progress, setProgress] = useState<{ isDeleteCompleted: boolean; tasksLeft: number } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const result = await call<{ isDeleteCompleted: boolean; tasksLeft: number }>(
        '/v2/users/data/delete/status',
        { jobId },
        apiKey,
      ).catch(() => null);
      if (result) setProgress(result.data);
      if (!result?.data.isDeleteCompleted) timer = setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => clearTimeout(timer);
  }, [apiKey, jobId]);
  return (
    <p role="status" className="progress" data-completed={progress?.isDeleteCompleted ? 'true' : 'false'}>
      {progress === null
        ? 'Erasure queued…'
        : progress.isDeleteCompleted
          ? 'Erasure completed.'
          : `Erasing: ${progress.tasksLeft} tasks left.`}
    </p>
  );
}
