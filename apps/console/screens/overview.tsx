import { call } from '../api';
import { Loading, ScreenTitle, Section, Table, useLoad } from '../ui';

interface Usage {
  organizations: number;
  documents: number;
  users: number;
  monthlyActiveUsers: number;
  eventsLastDay: number;
  webhookDeliveries: { pending: number; failedLastDay: number };
  emails: { pending: number; failedLastDay: number };
  version: string;
}

export function Overview({ apiKey }: { apiKey: string }) {
  const keys = useLoad(
    async () =>
      (await call<Array<{ id: string; apiKeyName: string; type: string }>>('/v2/workspace/apikeys/get', {})).data,
    [],
  );
  const usage = useLoad(async () => (await call<Usage>('/v2/workspace/usage/get', {}, apiKey)).data, [apiKey]);
  return (
    <>
      <ScreenTitle>Overview</ScreenTitle>
      <Section title="Usage of this key">
        <Loading state={usage}>
          {(figures) => (
            <dl className="figures">
              <Figure label="Organizations" value={figures.organizations} />
              <Figure label="Documents" value={figures.documents} />
              <Figure label="Users" value={figures.users} />
              <Figure label="Monthly active users" value={figures.monthlyActiveUsers} />
              <Figure label="Events, last 24 hours" value={figures.eventsLastDay} />
              <Figure label="Webhook failures, last 24 hours" value={figures.webhookDeliveries.failedLastDay} />
              <Figure label="Webhook deliveries queued" value={figures.webhookDeliveries.pending} />
              <Figure label="E-mails queued" value={figures.emails.pending} />
              <Figure label="E-mail failures, last 24 hours" value={figures.emails.failedLastDay} />
              <Figure label="Version" value={figures.version} />
            </dl>
          )}
        </Loading>
      </Section>
      <Section title="API keys">
        <Loading state={keys}>
          {(list) => (
            <Table
              caption="The workspace's API keys"
              columns={['Name', 'Id', 'Type']}
              rows={list.map((key) => [key.apiKeyName, <code key="id">{key.id}</code>, key.type])}
            />
          )}
        </Loading>
      </Section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
