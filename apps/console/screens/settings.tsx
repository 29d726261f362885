import { type OperationPath } from '@collab-backend/sdk/client';
import { useEffect, useState } from 'react';
import { call } from '../api';
import { Check, Field, Form, Loading, Section, Select, Status, TextArea, useAction, useLoad } from '../ui';

/** One setting of a form: where it sits in the get/update shape (`['emailServiceConfig', 'host']`) and how it is edited. */
export interface SettingField {
  path: [string] | [string, string];
  label: string;
  kind: 'bool' | 'text' | 'number' | 'secret' | 'json' | { options: Array<[string, string]> };
}

type Values = Record<string, string | boolean>;

const keyOf = (path: SettingField['path']) => path.join('.');

/** A scalar setting as the form holds it. */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

function read(config: Record<string, unknown>, path: SettingField['path']): unknown {
  const top = config[path[0]];
  return path.length === 1 ? top : (top as Record<string, unknown> | undefined)?.[path[1]];
}

/**
 * A key's setting (permission provider, e-mail, notifications, activities, automatic versions) as a
 * form over its get and update routes. Only what changed is sent; a group (`emailServiceConfig`) goes
 * whole when any of its fields changed, since updates replace a group. Secrets are write-only: the get
 * answers them masked, so an empty secret field means "not sent".
 */
export function SettingsForm({
  title,
  apiKey,
  getPath,
  updatePath,
  fields,
  note,
}: {
  title: string;
  apiKey: string;
  getPath: OperationPath;
  updatePath: OperationPath;
  fields: SettingField[];
  note?: string;
}) {
  const stored = useLoad(
    async () => (await call<Record<string, unknown>>(getPath, {}, apiKey)).data,
    [apiKey, getPath],
  );
  const [values, setValues] = useState<Values>({});
  const save = useAction();
  useEffect(() => {
    if (!stored.value) return;
    const initial: Values = {};
    for (const field of fields) {
      const value = read(stored.value, field.path);
      initial[keyOf(field.path)] =
        field.kind === 'bool'
          ? value === true
          : field.kind === 'secret'
            ? ''
            : field.kind === 'json'
              ? JSON.stringify(value ?? {}, null, 2)
              : text(value);
    }
    setValues(initial);
  }, [stored.value, fields]);

  function body(): Record<string, unknown> {
    const original = stored.value ?? {};
    const out: Record<string, unknown> = {};
    const typed = (field: SettingField) => {
      const value = values[keyOf(field.path)];
      if (field.kind === 'number') return value === '' ? undefined : Number(value);
      if (field.kind === 'secret') return value === '' ? undefined : value;
      if (field.kind === 'json') return JSON.parse(String(value)) as unknown;
      return value;
    };
    const changed = (field: SettingField) =>
      field.kind === 'secret'
        ? values[keyOf(field.path)] !== ''
        : field.kind === 'json'
          ? JSON.stringify(typed(field)) !== JSON.stringify(read(original, field.path) ?? {})
          : text(typed(field)) !== text(read(original, field.path) ?? (field.kind === 'bool' ? false : ''));
    const groups = new Set(
      fields.filter((field) => field.path.length === 2 && changed(field)).map((field) => field.path[0]),
    );
    for (const field of fields) {
      const value = typed(field);
      if (field.path.length === 1) {
        if (changed(field) && value !== undefined) out[field.path[0]] = value;
      } else if (groups.has(field.path[0]) && value !== undefined && value !== '') {
        out[field.path[0]] = { ...(out[field.path[0]] as object), [field.path[1]]: value };
      }
    }
    return out;
  }

  return (
    <Section title={title}>
      <Loading state={stored}>
        {() => (
          <Form
            label={title}
            onSubmit={() =>
              void save.run(async () => {
                const update = body();
                if (Object.keys(update).length === 0) return 'Nothing changed.';
                await call(updatePath, update as never, apiKey);
                stored.reload();
                return `${title}: saved.`;
              })
            }
          >
            {note && <p className="muted">{note}</p>}
            {fields.map((field) => {
              const key = keyOf(field.path);
              const value = values[key];
              if (field.kind === 'bool')
                return (
                  <Check
                    key={key}
                    label={field.label}
                    checked={value === true}
                    onChange={(next) => setValues({ ...values, [key]: next })}
                  />
                );
              if (field.kind === 'json')
                return (
                  <TextArea
                    key={key}
                    label={field.label}
                    value={String(value ?? '')}
                    onChange={(next) => setValues({ ...values, [key]: next })}
                  />
                );
              if (typeof field.kind === 'object')
                return (
                  <Select
                    key={key}
                    label={field.label}
                    value={String(value ?? '')}
                    options={field.kind.options}
                    onChange={(next) => setValues({ ...values, [key]: next })}
                  />
                );
              return (
                <Field
                  key={key}
                  label={
                    field.kind === 'secret'
                      ? `${field.label} (write-only; empty keeps it out of the update)`
                      : field.label
                  }
                  type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
                  value={String(value ?? '')}
                  onChange={(next) => setValues({ ...values, [key]: next })}
                />
              );
            })}
            <button type="submit" disabled={save.busy}>
              Save {title.toLowerCase()}
            </button>
          </Form>
        )}
      </Loading>
      <Status status={save.status} />
    </Section>
  );
}

export const PERMISSION_PROVIDER: SettingField[] = [
  { path: ['usePermissionProvider'], label: 'Use the permission provider', kind: 'bool' },
  { path: ['permissionProviderConfig', 'permissionProviderUrl'], label: 'Provider URL', kind: 'text' },
  { path: ['permissionProviderConfig', 'authToken'], label: 'Provider auth token', kind: 'secret' },
];

export const EMAIL: SettingField[] = [
  { path: ['useEmailService'], label: 'Send e-mail', kind: 'bool' },
  {
    path: ['emailServiceConfig', 'type'],
    label: 'Provider',
    kind: {
      options: [
        ['default', 'None (default)'],
        ['smtp', 'SMTP'],
        ['sendgrid', 'SendGrid'],
      ],
    },
  },
  { path: ['emailServiceConfig', 'fromEmail'], label: 'From address', kind: 'text' },
  { path: ['emailServiceConfig', 'fromCompany'], label: 'From name', kind: 'text' },
  { path: ['emailServiceConfig', 'host'], label: 'SMTP host', kind: 'text' },
  { path: ['emailServiceConfig', 'port'], label: 'SMTP port', kind: 'number' },
  { path: ['emailServiceConfig', 'secure'], label: 'TLS from the first byte (port 465)', kind: 'bool' },
  { path: ['emailServiceConfig', 'username'], label: 'SMTP user', kind: 'text' },
  { path: ['emailServiceConfig', 'password'], label: 'SMTP password', kind: 'secret' },
  { path: ['emailServiceConfig', 'apiKey'], label: 'SendGrid API key', kind: 'secret' },
];

export const NOTIFICATIONS: SettingField[] = [
  { path: ['useNotificationService'], label: 'In-app notifications on', kind: 'bool' },
];

export const ACTIVITIES: SettingField[] = [
  { path: ['activityServiceConfig', 'isEnabled'], label: 'Record activities', kind: 'bool' },
  { path: ['activityServiceConfig', 'retentionDays'], label: 'Keep for days (empty: for good)', kind: 'number' },
];

export const VERSIONS: SettingField[] = [
  { path: ['automaticMinutes'], label: 'Automatic version every minutes (0: off)', kind: 'number' },
  { path: ['automaticRetentionDays'], label: 'Keep automatic versions for days (0: for good)', kind: 'number' },
];

export const BASIC_WEBHOOKS: SettingField[] = [
  { path: ['useWebhookService'], label: 'Webhook service on', kind: 'bool' },
  { path: ['webhookServiceConfig', 'rawNotificationUrl'], label: 'Raw notification URL', kind: 'text' },
  { path: ['webhookServiceConfig', 'processedNotificationUrl'], label: 'Processed notification URL', kind: 'text' },
  { path: ['webhookServiceConfig', 'encodeData'], label: 'Encode the payload (base64)', kind: 'bool' },
  { path: ['webhookServiceConfig', 'encryptData'], label: 'Encrypt the payload', kind: 'bool' },
  { path: ['webhookServiceConfig', 'publicKey'], label: 'Public key (PEM) for encryption', kind: 'text' },
  { path: ['webhookServiceConfig', 'authToken'], label: 'Auth token', kind: 'secret' },
  { path: ['webhookServiceConfig', 'triggers'], label: 'Triggers (JSON: trigger name to true or false)', kind: 'json' },
];

export const ADVANCED_WEBHOOKS: SettingField[] = [
  { path: ['isEnabled'], label: 'Advanced webhooks on', kind: 'bool' },
  { path: ['encodeData'], label: 'Encode the payload (base64)', kind: 'bool' },
  { path: ['encryptData'], label: 'Encrypt the payload', kind: 'bool' },
  { path: ['publicKey'], label: 'Public key (PEM) for encryption', kind: 'text' },
];
