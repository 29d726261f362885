import { useEffect, useState } from 'react';
import { page } from '../api';
import { Check, Field, Loading, ScreenTitle, Section, Select, Table, useLoad, usePages, when } from '../ui';

interface ActivityRecord {
  id: string;
  featureType: string;
  actionType: string;
  actionUser?: { userId?: string; name?: string } | null;
  targetEntityId?: string;
  timestamp: number;
  metadata?: { organizationId?: string; documentId?: string };
}

interface AuditEvent {
  id: string;
  action: string;
  apiKeyId: string | null;
  actor: string | null;
  details: Record<string, unknown> | null;
  occurredAt: string;
}

const FOLLOW_INTERVAL_MS = 5000;

/** The activity log (every event the pipeline recorded, when the key records activities) and the workspace's audit log. */
export function Activity({ apiKey }: { apiKey: string }) {
  return (
    <>
      <ScreenTitle>Activity</ScreenTitle>
      <EventStream apiKey={apiKey} />
      <AuditLog />
    </>
  );
}

function EventStream({ apiKey }: { apiKey: string }) {
  const [documentId, setDocumentId] = useState('');
  const [feature, setFeature] = useState('');
  const [userId, setUserId] = useState('');
  const [follow, setFollow] = useState(false);
  const pages = usePages();
  const filters = {
    ...(documentId ? { documentId } : {}),
    ...(feature ? { featureTypes: [feature] } : {}),
    ...(userId ? { userId } : {}),
  };
  const activities = useLoad(
    () =>
      page<ActivityRecord>(
        '/v2/activities/get',
        { ...filters, pageSize: 25, ...(pages.token ? { pageToken: pages.token } : {}) },
        apiKey,
      ),
    [apiKey, JSON.stringify(filters), pages.token],
  );
  const { reload } = activities;
  // Following the stream: the newest page again every few seconds, while the box is checked.
  useEffect(() => {
    if (!follow) return;
    const timer = setInterval(reload, FOLLOW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [follow, reload]);
  const filtered = (change: (value: string) => void) => (value: string) => {
    change(value);
    pages.reset();
  };
  return (
    <Section title="Event stream (activity log)">
      <div className="filters" role="group" aria-label="Activity filters">
        <Field label="Document id" value={documentId} onChange={filtered(setDocumentId)} />
        <Select
          label="Feature"
          value={feature}
          options={[
            ['', 'Any feature'],
            ['comment', 'Comments'],
            ['organization', 'Organizations'],
            ['document', 'Documents'],
            ['access', 'Access'],
            ['crdt', 'CRDT'],
            ['workflow', 'Workflows'],
          ]}
          onChange={filtered(setFeature)}
        />
        <Field label="Acting user id" value={userId} onChange={filtered(setUserId)} />
        <Check label="Follow new events" checked={follow} onChange={setFollow} />
      </div>
      <Loading state={activities}>
        {({ items, next }) => (
          <>
            <Table
              caption="Events, newest first"
              columns={['When', 'Feature', 'Action', 'By', 'Document', 'Target']}
              rows={items.map((activity) => [
                when(new Date(activity.timestamp).toISOString()),
                activity.featureType,
                activity.actionType,
                activity.actionUser?.name ?? activity.actionUser?.userId ?? '—',
                activity.metadata?.documentId ?? '—',
                activity.targetEntityId ?? '—',
              ])}
            />
            {pages.pager(next)}
          </>
        )}
      </Loading>
      <p className="muted">
        The activity log records events while the key's activity setting is on (Keys, Activities).
      </p>
    </Section>
  );
}

function AuditLog() {
  const [action, setAction] = useState('');
  const pages = usePages();
  const events = useLoad(
    () =>
      page<AuditEvent>('/v2/workspace/auditlog/get', {
        ...(action ? { action } : {}),
        pageSize: 25,
        ...(pages.token ? { pageToken: pages.token } : {}),
      }),
    [action, pages.token],
  );
  return (
    <Section title="Audit log of the workspace">
      <Select
        label="Audit action"
        value={action}
        options={[
          ['', 'Any action'],
          ['console.change', 'Changes made from the console'],
          ['console.signed_in', 'Console sign-ins'],
          ['api_key.created', 'API keys created'],
          ['auth_token.created', 'Auth tokens created'],
          ['auth_token.revoked', 'Auth tokens revoked'],
          ['auth_token.reset', 'Auth tokens reset'],
          ['workspace_token.reset', 'Workspace token reset'],
        ]}
        onChange={(value) => {
          setAction(value);
          pages.reset();
        }}
      />
      <Loading state={events}>
        {({ items, next }) => (
          <>
            <Table
              caption="Audit events, newest first"
              columns={['When', 'Action', 'Who', 'Key', 'What']}
              rows={items.map((event) => [
                when(event.occurredAt),
                event.action,
                event.actor ?? 'API',
                event.apiKeyId ?? '—',
                <code key="d">{event.details ? JSON.stringify(event.details) : ''}</code>,
              ])}
            />
            {pages.pager(next)}
          </>
        )}
      </Loading>
    </Section>
  );
}
