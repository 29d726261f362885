import { type Body } from '@collab-backend/sdk/client';
import { useState } from 'react';
import { call, page } from '../api';
import {
  ActionButton,
  Check,
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
import { ADVANCED_WEBHOOKS, BASIC_WEBHOOKS, SettingsForm } from './settings';

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  disabled: boolean;
}

interface Delivery {
  id: string;
  event: string;
  target: string;
  endpointId: string | null;
  url: string;
  status: string;
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  createdAt: string;
}

interface Attempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  url: string;
  request: { headers: Record<string, string>; body: string };
  response: { status: number; headers: Record<string, string> | null; body: string | null } | null;
  error: string | null;
}

type EventTypes = NonNullable<Body<'/v2/workspace/advancedwebhook/endpoints/create'>['filterTypes']>;

/** A comma-separated list of event types; the API names any it does not know. */
/** A body shown as the JSON it holds, when it is JSON. */
function readable(body: string | null): unknown {
  try {
    return body === null ? null : (JSON.parse(body) as unknown);
  } catch {
    return body;
  }
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean) as EventTypes;

export function Webhooks({ apiKey }: { apiKey: string }) {
  const endpoints = useLoad(
    async () =>
      (await call<{ endpoints: Endpoint[] }>('/v2/workspace/advancedwebhook/endpoints/get', { limit: 250 }, apiKey))
        .data.endpoints,
    [apiKey],
  );
  return (
    <>
      <ScreenTitle>Webhooks</ScreenTitle>
      <SettingsForm
        title="Basic webhooks"
        apiKey={apiKey}
        getPath="/v2/workspace/webhookconfig/get"
        updatePath="/v2/workspace/webhookconfig/update"
        fields={BASIC_WEBHOOKS}
      />
      <SettingsForm
        title="Advanced webhooks"
        apiKey={apiKey}
        getPath="/v2/workspace/advancedwebhookconfig/get"
        updatePath="/v2/workspace/advancedwebhookconfig/update"
        fields={ADVANCED_WEBHOOKS}
      />
      <Endpoints apiKey={apiKey} endpoints={endpoints} />
      <Deliveries apiKey={apiKey} endpoints={endpoints.value ?? []} />
    </>
  );
}

function Endpoints({
  apiKey,
  endpoints,
}: {
  apiKey: string;
  endpoints: { value?: Endpoint[]; error?: string; loading: boolean; reload: () => void };
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  return (
    <Section title="Advanced endpoints">
      <Loading state={endpoints}>
        {(rows) => (
          <Table
            caption="Endpoints"
            columns={['URL', 'Event filter', 'State', 'Actions']}
            rows={rows.map((endpoint) => [
              <span key="u">
                {endpoint.url}
                {endpoint.description ? <span className="muted"> · {endpoint.description}</span> : null}
              </span>,
              endpoint.filterTypes?.join(', ') ?? 'every event',
              endpoint.disabled ? 'disabled' : 'enabled',
              <span key="a" className="actions">
                <button type="button" onClick={() => setEditing(endpoint)}>
                  Edit {endpoint.url}
                </button>
                <ActionButton
                  action={action}
                  work={async () => {
                    await call(
                      '/v2/workspace/advancedwebhook/endpoints/update',
                      { endpointId: endpoint.id, disabled: !endpoint.disabled },
                      apiKey,
                    );
                    endpoints.reload();
                    return `${endpoint.url} ${endpoint.disabled ? 'enabled' : 'disabled'}.`;
                  }}
                >
                  {endpoint.disabled ? 'Enable' : 'Disable'} {endpoint.url}
                </ActionButton>
                <ActionButton
                  action={action}
                  work={async () => {
                    const result = await call<{ secret: string }>(
                      '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
                      { endpointId: endpoint.id },
                      apiKey,
                    );
                    setSecret(result.data.secret);
                    return 'Secret rotated; the previous one signs too for 24 hours.';
                  }}
                >
                  Rotate secret of {endpoint.url}
                </ActionButton>
                <ActionButton
                  action={action}
                  work={async () => {
                    const result = await call<{ secret: string }>(
                      '/v2/workspace/advancedwebhook/endpoints/secret/get',
                      { endpointId: endpoint.id },
                      apiKey,
                    );
                    setSecret(result.data.secret);
                  }}
                >
                  Show secret of {endpoint.url}
                </ActionButton>
                <ActionButton
                  action={action}
                  work={async () => {
                    await call('/v2/workspace/webhooks/test', { endpointId: endpoint.id }, apiKey);
                    return `Test event sent to ${endpoint.url}.`;
                  }}
                >
                  Send a test event to {endpoint.url}
                </ActionButton>
                <ActionButton
                  action={action}
                  work={async () => {
                    await call('/v2/workspace/advancedwebhook/endpoints/delete', { endpointId: endpoint.id }, apiKey);
                    endpoints.reload();
                    return `${endpoint.url} deleted.`;
                  }}
                >
                  Delete {endpoint.url}
                </ActionButton>
              </span>,
            ])}
          />
        )}
      </Loading>
      <Status status={action.status} />
      {secret && (
        <div className="secret" role="region" aria-label="Endpoint secret">
          <code data-secret="">{secret}</code>
          <button type="button" onClick={() => setSecret(null)}>
            Hide the secret
          </button>
        </div>
      )}
      {editing && (
        <EndpointEditor
          key={editing.id}
          endpoint={editing}
          onSave={(fields) =>
            void action.run(async () => {
              await call(
                '/v2/workspace/advancedwebhook/endpoints/update',
                { endpointId: editing.id, ...fields },
                apiKey,
              );
              setEditing(null);
              endpoints.reload();
              return 'Endpoint saved.';
            })
          }
          onCancel={() => setEditing(null)}
        />
      )}
      <Form
        label="Create an endpoint"
        onSubmit={() =>
          void action.run(async () => {
            await call(
              '/v2/workspace/advancedwebhook/endpoints/create',
              { url, ...(description ? { description } : {}), ...(filter ? { filterTypes: list(filter) } : {}) },
              apiKey,
            );
            setUrl('');
            setDescription('');
            setFilter('');
            endpoints.reload();
            return 'Endpoint created.';
          })
        }
      >
        <Field
          label="Endpoint URL"
          value={url}
          onChange={setUrl}
          required
          placeholder="https://hooks.example.com/collab"
        />
        <Field label="Description" value={description} onChange={setDescription} />
        <Field label="Event types, comma-separated (empty: every event)" value={filter} onChange={setFilter} />
        <button type="submit" disabled={action.busy}>
          Create endpoint
        </button>
      </Form>
      <ActionButton
        action={action}
        work={async () => {
          await call('/v2/workspace/webhooks/test', {}, apiKey);
          return "Test event sent to the basic configuration's URLs.";
        }}
      >
        Send a test event to the basic webhook URLs
      </ActionButton>
    </Section>
  );
}

function EndpointEditor({
  endpoint,
  onSave,
  onCancel,
}: {
  endpoint: Endpoint;
  onSave: (fields: { url: string; description: string; filterTypes?: EventTypes; disabled: boolean }) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const [filter, setFilter] = useState(endpoint.filterTypes?.join(', ') ?? '');
  const [disabled, setDisabled] = useState(endpoint.disabled);
  return (
    <Form
      label={`Edit ${endpoint.url}`}
      onSubmit={() => onSave({ url, description, ...(filter ? { filterTypes: list(filter) } : {}), disabled })}
    >
      <Field label="Edited URL" value={url} onChange={setUrl} required />
      <Field label="Edited description" value={description} onChange={setDescription} />
      <Field label="Edited event types, comma-separated" value={filter} onChange={setFilter} />
      <Check label="Disabled" checked={disabled} onChange={setDisabled} />
      <button type="submit">Save endpoint</button>
      <button type="button" onClick={onCancel}>
        Cancel editing
      </button>
    </Form>
  );
}

function Deliveries({ apiKey, endpoints }: { apiKey: string; endpoints: Endpoint[] }) {
  const [status, setStatus] = useState('');
  const [event, setEvent] = useState('');
  const [endpointId, setEndpointId] = useState('');
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const [since, setSince] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const pages = usePages();
  const filters = {
    ...(status ? { status: status as 'failed' } : {}),
    ...(event ? { event } : {}),
    ...(endpointId ? { endpointId } : {}),
    ...(after ? { createdAfter: new Date(after).toISOString() } : {}),
    ...(before ? { createdBefore: new Date(before).toISOString() } : {}),
  };
  const deliveries = useLoad(
    () =>
      page<Delivery>(
        '/v2/workspace/webhooks/deliveries/get',
        { ...filters, pageSize: 25, ...(pages.token ? { pageToken: pages.token } : {}) },
        apiKey,
      ),
    [apiKey, JSON.stringify(filters), pages.token],
  );
  const action = useAction();
  const filtered = (change: (value: string) => void) => (value: string) => {
    change(value);
    pages.reset();
  };
  return (
    <Section title="Delivery log">
      <div className="filters" role="group" aria-label="Delivery filters">
        <Select
          label="Status"
          value={status}
          options={[
            ['', 'Any status'],
            ['pending', 'Pending'],
            ['succeeded', 'Succeeded'],
            ['failed', 'Failed'],
            ['cancelled', 'Cancelled'],
          ]}
          onChange={filtered(setStatus)}
        />
        <Field label="Event type" value={event} onChange={filtered(setEvent)} placeholder="comment.add" />
        <Select
          label="Endpoint"
          value={endpointId}
          options={[['', 'Any target'], ...endpoints.map((endpoint): [string, string] => [endpoint.id, endpoint.url])]}
          onChange={filtered(setEndpointId)}
        />
        <Field label="Created after" type="datetime-local" value={after} onChange={filtered(setAfter)} />
        <Field label="Created before" type="datetime-local" value={before} onChange={filtered(setBefore)} />
        <button type="button" onClick={() => deliveries.reload()}>
          Refresh the log
        </button>
      </div>
      <Loading state={deliveries}>
        {({ items, next }) => (
          <>
            <Table
              caption="Deliveries, newest first"
              columns={['Created', 'Event', 'Target', 'Status', 'Attempts', 'Last answer', 'Actions']}
              rows={items.map((delivery) => [
                when(delivery.createdAt),
                delivery.event,
                delivery.url,
                <span key="s" className={`badge ${delivery.status}`}>
                  {delivery.status}
                </span>,
                delivery.attempts,
                delivery.lastHttpStatus ?? delivery.lastError ?? '—',
                <span key="a" className="actions">
                  <button
                    type="button"
                    aria-expanded={open === delivery.id}
                    onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                  >
                    Attempts of {delivery.id}
                  </button>
                  {delivery.status !== 'pending' && (
                    <ActionButton
                      action={action}
                      work={async () => {
                        await call('/v2/workspace/webhooks/deliveries/retry', { deliveryIds: [delivery.id] }, apiKey);
                        deliveries.reload();
                        return `Delivery ${delivery.id} queued again.`;
                      }}
                    >
                      Retry {delivery.id}
                    </ActionButton>
                  )}
                </span>,
              ])}
            />
            {pages.pager(next)}
          </>
        )}
      </Loading>
      {open && <Attempts apiKey={apiKey} deliveryId={open} />}
      <Form
        label="Recover failed deliveries"
        onSubmit={() =>
          void action.run(async () => {
            const result = await call<Array<unknown>>(
              '/v2/workspace/webhooks/deliveries/retry',
              { failedSince: new Date(since).toISOString(), ...(endpointId ? { endpointId } : {}) },
              apiKey,
            );
            deliveries.reload();
            return `${Object.keys(result.data ?? {}).length} failed deliveries queued again.`;
          })
        }
      >
        <Field
          label="Recover every failed delivery since"
          type="datetime-local"
          value={since}
          onChange={setSince}
          required
        />
        <button type="submit" disabled={action.busy}>
          Recover failed deliveries
        </button>
      </Form>
      <Status status={action.status} />
    </Section>
  );
}

function Attempts({ apiKey, deliveryId }: { apiKey: string; deliveryId: string }) {
  const attempts = useLoad(
    async () => (await call<Attempt[]>('/v2/workspace/webhooks/deliveries/attempts/get', { deliveryId }, apiKey)).data,
    [apiKey, deliveryId],
  );
  return (
    <div className="attempts" role="region" aria-label={`Attempts of ${deliveryId}`}>
      <h3>Attempts of {deliveryId}</h3>
      <Loading state={attempts}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">No attempt yet.</p>
          ) : (
            <ol>
              {rows.map((attempt) => (
                <li key={`${attempt.attempt}-${attempt.startedAt}`}>
                  <p>
                    Attempt {attempt.attempt} at {when(attempt.startedAt)}, {attempt.durationMs} ms:{' '}
                    <strong>{attempt.response ? `HTTP ${attempt.response.status}` : attempt.error}</strong>
                  </p>
                  <Json
                    label={`Request ${attempt.attempt}`}
                    value={{ url: attempt.url, headers: attempt.request.headers, body: readable(attempt.request.body) }}
                  />
                  {attempt.response && (
                    <Json
                      label={`Response ${attempt.attempt}`}
                      value={{ ...attempt.response, body: readable(attempt.response.body) }}
                    />
                  )}
                </li>
              ))}
            </ol>
          )
        }
      </Loading>
    </div>
  );
}
