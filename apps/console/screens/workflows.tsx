import { useState } from 'react';
import { call } from '../api';
import { href } from '../router';
import { ActionButton, Loading, ScreenTitle, Section, Select, Status, Table, useAction, useLoad, when } from '../ui';

interface WorkflowNode {
  nodeId: string;
  type: string;
  name?: string;
  config?: { reviewerIds?: string[]; reviewers?: Array<{ userId?: string }>; agentId?: string; url?: string };
}

interface Definition {
  definitionId: string;
  name: string;
  version: number;
  status: string;
  nodes: WorkflowNode[];
  edges: Array<{ from: string; to: string; on?: string }>;
  updatedAt: number;
}

interface Step {
  stepId: string;
  nodeId: string;
  nodeType: string;
  status: string;
  startedAt: number | null;
  completedAt: number | null;
  error: unknown;
}

interface Execution {
  executionId: string;
  status: string;
  definitionId: string;
  definitionVersion: number;
  startedAt: number;
  completedAt: number | null;
  failureReason: string | null;
  steps: Step[];
}

const time = (ms: number | null) => (ms === null ? '—' : when(new Date(ms).toISOString()));

export function Workflows({ apiKey, route }: { apiKey: string; route: string[] }) {
  const [kind, id] = route;
  if (kind === 'definition' && id) return <DefinitionPage apiKey={apiKey} definitionId={id} />;
  if (kind === 'execution' && id) return <ExecutionPage apiKey={apiKey} executionId={id} />;
  return <WorkflowLists apiKey={apiKey} />;
}

function WorkflowLists({ apiKey }: { apiKey: string }) {
  const [status, setStatus] = useState('');
  const definitions = useLoad(
    async () =>
      (await call<{ items: Definition[] }>('/v2/workflow/definitions/list', { pageSize: 50 }, apiKey)).data.items,
    [apiKey],
  );
  const executions = useLoad(
    async () =>
      (
        await call<{ items: Execution[] }>(
          '/v2/workflow/executions/list',
          { pageSize: 50, ...(status ? { status: status as 'running' } : {}) },
          apiKey,
        )
      ).data.items,
    [apiKey, status],
  );
  return (
    <>
      <ScreenTitle>Workflows</ScreenTitle>
      <Section title="Definitions">
        <Loading state={definitions}>
          {(list) => (
            <Table
              caption="Workflow definitions"
              columns={['Definition', 'Name', 'Version', 'Status', 'Updated']}
              rows={list.map((definition) => [
                <a key="d" href={href('workflows', 'definition', definition.definitionId)}>
                  {definition.definitionId}
                </a>,
                definition.name,
                definition.version,
                definition.status,
                time(definition.updatedAt),
              ])}
            />
          )}
        </Loading>
      </Section>
      <Section title="Executions">
        <Select
          label="Execution status"
          value={status}
          options={[
            ['', 'Any status'],
            ['pending', 'Pending'],
            ['running', 'Running'],
            ['completed', 'Completed'],
            ['failed', 'Failed'],
            ['cancelled', 'Cancelled'],
          ]}
          onChange={setStatus}
        />
        <Loading state={executions}>
          {(list) => (
            <Table
              caption="Executions, newest first"
              columns={['Execution', 'Definition', 'Status', 'Started']}
              rows={list.map((execution) => [
                <a key="e" href={href('workflows', 'execution', execution.executionId)}>
                  {execution.executionId}
                </a>,
                `${execution.definitionId} v${execution.definitionVersion}`,
                execution.status,
                time(execution.startedAt),
              ])}
            />
          )}
        </Loading>
      </Section>
    </>
  );
}

/** The graph as an ordered list: each node in the definition's order, with where each of its outcomes leads. */
function Graph({ definition }: { definition: Definition }) {
  return (
    <ol className="graph" aria-label={`Graph of ${definition.definitionId}`}>
      {definition.nodes.map((node) => {
        const out = definition.edges.filter((edge) => edge.from === node.nodeId);
        return (
          <li key={node.nodeId}>
            <strong>{node.name ?? node.nodeId}</strong>{' '}
            <span className="muted">
              ({node.type}, {node.nodeId})
            </span>
            {out.length > 0 ? (
              <ul>
                {out.map((edge) => (
                  <li key={`${edge.to}-${edge.on ?? ''}`}>
                    on {edge.on ?? 'done'} → {edge.to}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted"> · ends the workflow</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function DefinitionPage({ apiKey, definitionId }: { apiKey: string; definitionId: string }) {
  const definition = useLoad(
    async () => (await call<Definition>('/v2/workflow/definitions/get', { definitionId }, apiKey)).data,
    [apiKey, definitionId],
  );
  return (
    <>
      <ScreenTitle>Definition {definitionId}</ScreenTitle>
      <Section title="Graph">
        <Loading state={definition}>{(value) => <Graph definition={value} />}</Loading>
      </Section>
    </>
  );
}

/** Who a waiting step waits on: a human node's reviewers, an agent, or an async webhook's callback. */
function waitsOn(step: Step, definition: Definition | undefined): string {
  if (step.status !== 'waiting' && step.status !== 'running' && step.status !== 'pending') return '—';
  const node = definition?.nodes.find((candidate) => candidate.nodeId === step.nodeId);
  if (step.nodeType === 'human') {
    const reviewers = [
      ...(node?.config?.reviewerIds ?? []),
      ...(node?.config?.reviewers ?? []).map((reviewer) => reviewer.userId ?? ''),
    ].filter(Boolean);
    return reviewers.length ? `reviewers ${reviewers.join(', ')}` : 'its reviewers';
  }
  if (step.nodeType === 'agent') return `agent ${node?.config?.agentId ?? ''}`.trim();
  if (step.nodeType === 'webhook')
    return step.status === 'waiting' ? 'the webhook callback (steps/resolve)' : 'the webhook call';
  return 'the worker';
}

function ExecutionPage({ apiKey, executionId }: { apiKey: string; executionId: string }) {
  const execution = useLoad(
    async () => (await call<Execution>('/v2/workflow/executions/get', { executionId }, apiKey)).data,
    [apiKey, executionId],
  );
  const definitionId = execution.value?.definitionId;
  const definition = useLoad(
    async () =>
      definitionId
        ? (await call<Definition>('/v2/workflow/definitions/get', { definitionId }, apiKey)).data
        : undefined,
    [apiKey, definitionId],
  );
  const cancel = useAction();
  return (
    <>
      <ScreenTitle>Execution {executionId}</ScreenTitle>
      <Section title="Steps">
        <Loading state={execution}>
          {(value) => (
            <>
              <p>
                Status <strong data-status={value.status}>{value.status}</strong> · definition {value.definitionId} v
                {value.definitionVersion} · started {time(value.startedAt)}
                {value.failureReason ? ` · ${value.failureReason}` : ''}
              </p>
              <ol className="timeline" aria-label="Step timeline">
                {value.steps.map((step) => (
                  <li key={step.stepId} data-status={step.status}>
                    <strong>{step.nodeId}</strong> ({step.nodeType}): {step.status}, started {time(step.startedAt)},
                    ended {time(step.completedAt)}
                    {waitsOn(step, definition.value) !== '—' ? ` · waits on ${waitsOn(step, definition.value)}` : ''}
                  </li>
                ))}
              </ol>
              {(value.status === 'pending' || value.status === 'running') && (
                <ActionButton
                  action={cancel}
                  work={async () => {
                    await call('/v2/workflow/executions/cancel', { executionId }, apiKey);
                    execution.reload();
                    return 'Execution cancelled.';
                  }}
                >
                  Cancel the execution
                </ActionButton>
              )}
            </>
          )}
        </Loading>
        <Status status={cancel.status} />
      </Section>
    </>
  );
}
