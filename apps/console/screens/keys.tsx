import { useState } from 'react';
import { call } from '../api';
import {
  ActionButton,
  Field,
  Form,
  Loading,
  ScreenTitle,
  Section,
  Select,
  Status,
  Table,
  useAction,
  useLoad,
} from '../ui';
import { ACTIVITIES, EMAIL, NOTIFICATIONS, PERMISSION_PROVIDER, SettingsForm, VERSIONS } from './settings';

interface AuthToken {
  id: string;
  token: string;
  name: string;
}

/** A secret answered once: shown until dismissed, never again (the lists mask it). */
function Secret({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div className="secret" role="region" aria-label={label}>
      <p>
        <strong>{label}</strong> (shown once; copy it now):
      </p>
      <code data-secret="">{value}</code>
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

const masked = (token: string) => `…${token.slice(-4)}`;

export function Keys({ apiKey, reloadKeys }: { apiKey: string; reloadKeys: () => void }) {
  return (
    <>
      <ScreenTitle>Keys</ScreenTitle>
      <ApiKeys apiKey={apiKey} reloadKeys={reloadKeys} />
      <AuthTokens apiKey={apiKey} />
      <Domains apiKey={apiKey} />
      <WorkspaceToken />
      <SettingsForm
        title="Permission provider"
        apiKey={apiKey}
        getPath="/v2/workspace/permissionproviderconfig/get"
        updatePath="/v2/workspace/permissionproviderconfig/update"
        fields={PERMISSION_PROVIDER}
      />
      <SettingsForm
        title="E-mail"
        apiKey={apiKey}
        getPath="/v2/workspace/emailconfig/get"
        updatePath="/v2/workspace/emailconfig/update"
        fields={EMAIL}
        note="Saving the provider settings replaces them: enter the password or SendGrid key again when you change them."
      />
      <SettingsForm
        title="Notifications"
        apiKey={apiKey}
        getPath="/v2/workspace/notificationconfig/get"
        updatePath="/v2/workspace/notificationconfig/update"
        fields={NOTIFICATIONS}
      />
      <SettingsForm
        title="Activities"
        apiKey={apiKey}
        getPath="/v2/workspace/activityconfig/get"
        updatePath="/v2/workspace/activityconfig/update"
        fields={ACTIVITIES}
      />
      <SettingsForm
        title="Automatic versions"
        apiKey={apiKey}
        getPath="/v2/crdt/versions/config/get"
        updatePath="/v2/crdt/versions/config/update"
        fields={VERSIONS}
      />
    </>
  );
}

function ApiKeys({ apiKey, reloadKeys }: { apiKey: string; reloadKeys: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState('testing');
  const [rename, setRename] = useState('');
  const [created, setCreated] = useState<{ apiKey: string; authToken?: string } | null>(null);
  const create = useAction();
  const renameAction = useAction();
  return (
    <Section title="API keys">
      <Form
        label="Create an API key"
        onSubmit={() =>
          void create.run(async () => {
            const result = await call<{ apiKey: string; authToken?: string }>('/v2/workspace/apikey/create', {
              apiKeyName: name,
              type: type as 'testing' | 'production',
              createAuthToken: true,
            });
            setCreated(result.data);
            setName('');
            reloadKeys();
            return `API key ${result.data.apiKey} created.`;
          })
        }
      >
        <Field label="New key's name" value={name} onChange={setName} required />
        <Select
          label="Type"
          value={type}
          options={[
            ['testing', 'Testing'],
            ['production', 'Production'],
          ]}
          onChange={setType}
        />
        <button type="submit" disabled={create.busy}>
          Create key
        </button>
      </Form>
      <Status status={create.status} />
      {created?.authToken && (
        <Secret label={`Auth token of ${created.apiKey}`} value={created.authToken} onDone={() => setCreated(null)} />
      )}
      <Form
        label="Rename the selected key"
        onSubmit={() =>
          void renameAction.run(async () => {
            await call('/v2/workspace/apikey/update', { apiKey, apiKeyName: rename });
            reloadKeys();
            return 'Key renamed.';
          })
        }
      >
        <Field label="Selected key's new name" value={rename} onChange={setRename} required />
        <button type="submit" disabled={renameAction.busy}>
          Rename key
        </button>
      </Form>
      <Status status={renameAction.status} />
    </Section>
  );
}

function AuthTokens({ apiKey }: { apiKey: string }) {
  const tokens = useLoad(
    async () => (await call<{ authTokens: AuthToken[] }>('/v2/workspace/authtokens/get', { apiKey })).data.authTokens,
    [apiKey],
  );
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const action = useAction();
  return (
    <Section title="Auth tokens of the selected key">
      <Loading state={tokens}>
        {(list) => (
          <Table
            caption="Auth tokens"
            columns={['Name', 'Token', 'Action']}
            rows={list.map((token) => [
              token.name,
              <code key="t">{masked(token.token)}</code>,
              <ActionButton
                key="r"
                action={action}
                work={async () => {
                  await call('/v2/workspace/authtoken/revoke', { apiKey, authTokenId: token.id });
                  tokens.reload();
                  return `Token ${token.name} revoked.`;
                }}
              >
                Revoke {token.name} ({masked(token.token)})
              </ActionButton>,
            ])}
          />
        )}
      </Loading>
      <Form
        label="Create an auth token"
        onSubmit={() =>
          void action.run(async () => {
            const result = await call<{ authToken: AuthToken }>('/v2/workspace/authtoken/create', { apiKey, name });
            setSecret({ label: `New auth token ${result.data.authToken.name}`, value: result.data.authToken.token });
            setName('');
            tokens.reload();
          })
        }
      >
        <Field label="New token's name" value={name} onChange={setName} required />
        <button type="submit" disabled={action.busy}>
          Create token
        </button>
      </Form>
      <ActionButton
        action={action}
        work={async () => {
          const result = await call<{ newAuthToken: AuthToken }>('/v2/workspace/authtoken/reset', { apiKey });
          setSecret({ label: "The key's only auth token now", value: result.data.newAuthToken.token });
          tokens.reload();
        }}
      >
        Rotate: replace every token of the key with one new token
      </ActionButton>
      <Status status={action.status} />
      {secret && <Secret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
    </Section>
  );
}

function Domains({ apiKey }: { apiKey: string }) {
  const domains = useLoad(
    async () => (await call<{ allowedDomains: string[] }>('/v2/workspace/domains/get', {}, apiKey)).data.allowedDomains,
    [apiKey],
  );
  const [domain, setDomain] = useState('');
  const action = useAction();
  return (
    <Section title="Allowed domains">
      <Loading state={domains}>
        {(list) => (
          <Table
            caption="Origins browsers may connect from (none: any)"
            columns={['Domain', 'Action']}
            rows={list.map((name) => [
              name,
              <ActionButton
                key="d"
                action={action}
                work={async () => {
                  await call('/v2/workspace/domains/delete', { domains: [name] }, apiKey);
                  domains.reload();
                  return `${name} removed.`;
                }}
              >
                Remove {name}
              </ActionButton>,
            ])}
          />
        )}
      </Loading>
      <Form
        label="Add an allowed domain"
        onSubmit={() =>
          void action.run(async () => {
            await call('/v2/workspace/domains/add', { domains: [domain] }, apiKey);
            setDomain('');
            domains.reload();
            return `${domain} added.`;
          })
        }
      >
        <Field label="Domain to allow" value={domain} onChange={setDomain} required placeholder="app.example.com" />
        <button type="submit" disabled={action.busy}>
          Add domain
        </button>
      </Form>
      <Status status={action.status} />
    </Section>
  );
}

function WorkspaceToken() {
  const [token, setToken] = useState<string | null>(null);
  const action = useAction();
  return (
    <Section title="Workspace auth token">
      <p>Rotating it ends every console session of the workspace, this one included.</p>
      <ActionButton
        action={action}
        work={async () => {
          const result = await call<{ authToken: string }>('/v2/workspace/workspaceauthtoken/reset', {});
          setToken(result.data.authToken);
        }}
      >
        Rotate the workspace token
      </ActionButton>
      <Status status={action.status} />
      {token && <Secret label="New workspace auth token" value={token} onDone={() => location.reload()} />}
    </Section>
  );
}
