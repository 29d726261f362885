import { ApiError } from '@app/common';
import { NodeDef } from './graph';

type Check = (value: unknown) => boolean;

const str =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max;
const int =
  (min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const bool: Check = (value) => typeof value === 'boolean';
const oneOf =
  (...values: string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
const object: Check = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings =
  (min: number, max: number, itemMax: number): Check =>
  (value) =>
    Array.isArray(value) &&
    value.length >= min &&
    value.length <= max &&
    value.every((item) => typeof item === 'string' && item.length >= 1 && item.length <= itemMax);
const reviewerList: Check = (value) =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= 100 &&
  value.every(
    (item) =>
      object(item) &&
      Object.keys(item as object).every((key) => key === 'userId' || key === 'mandatory') &&
      str(1, 256)((item as Record<string, unknown>).userId) &&
      bool((item as Record<string, unknown>).mandatory),
  );

/** Each node type's `config` fields (Velt: customize-behavior "Node configuration"); anything else is refused. */
const CONFIG_FIELDS: Record<NodeDef['type'], Record<string, Check>> = {
  agent: {
    agentId: str(1, 256),
    url: str(1, 2000),
    urlPath: str(1, 500),
    crossPageExecute: bool,
    maxUrlsToProcess: int(1, 500),
    userContextMapping: object,
    promptOverride: str(0, 8000),
    inputMapping: object,
    pollIntervalMs: int(5000, 60000),
    agentMaxRuntimeMs: int(1, 24 * 3600 * 1000),
    blocking: bool,
    resolutionPolicy: object,
    requireNonEmptyOutput: bool,
  },
  human: {
    reviewers: reviewerList,
    reviewerIds: strings(1, 100, 256),
    reviewerEmails: strings(0, 50, 320),
    commentBody: str(0, 8000),
  },
  notification: {
    channel: oneOf('email', 'slack'),
    bodyTemplate: str(1, 16000),
    recipients: strings(0, 50, 320),
    subjectTemplate: str(0, 2000),
    slackTarget: str(1, 2000),
    format: oneOf('text', 'html', 'slack-blocks'),
  },
  webhook: {
    url: str(1, 2000),
    mode: oneOf('sync', 'async'),
    method: oneOf('GET', 'POST'),
    authMode: oneOf('hmac', 'token', 'none'),
    authTokenHeader: str(1, 256),
    timeoutMs: int(1000, 60000),
    expectedStatusCodes: (value) =>
      Array.isArray(value) && value.length <= 20 && value.every((code) => int(100, 599)(code)),
    bodyTemplate: oneOf('envelope', 'pass-through', 'none'),
    requestHeaders: (value) =>
      object(value) &&
      Object.entries(value as object).every(
        ([name, header]) =>
          typeof header === 'string' && !/^x-(velt|svc)-/i.test(name) && !RESERVED_HEADERS.has(name.toLowerCase()),
      ),
  },
};

const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'authorization',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);

const REQUIRED: Record<NodeDef['type'], string[]> = {
  agent: ['agentId'],
  human: [],
  notification: ['channel', 'bodyTemplate'],
  webhook: ['url'],
};

/** Velt's schema messages where it gives one (customize-behavior "Schema validation messages"). */
function rules(node: NodeDef, path: string): void {
  const config = node.config;
  if (node.type === 'agent' && config.url === undefined && config.urlPath === undefined)
    throw ApiError.invalid(
      `agent node requires either a static "url" or a "urlPath": ${node.nodeId} [APPROVAL_AGENT_NODE_REQUIRES_URL_OR_URLPATH]`,
    );
  if (node.type === 'agent' && config.blocking === true && config.resolutionPolicy === undefined)
    throw ApiError.invalid(`${path}.resolutionPolicy is required when blocking is true.`);
  if (node.type === 'human') {
    if (config.reviewers === undefined && config.reviewerIds === undefined)
      throw ApiError.invalid('at least one of reviewerIds or reviewers must be provided');
    if (config.reviewers !== undefined && config.reviewerIds !== undefined)
      throw ApiError.invalid('cannot set both reviewerIds and reviewers, use one');
    const reviewers = (config.reviewers as { userId: string; mandatory: boolean }[] | undefined) ?? [];
    const ids = reviewers.map((reviewer) => reviewer.userId).concat((config.reviewerIds as string[]) ?? []);
    if (new Set(ids).size !== ids.length) throw ApiError.invalid('reviewer userIds must be unique');
    if (config.reviewers !== undefined && !reviewers.some((reviewer) => reviewer.mandatory))
      throw ApiError.invalid('reviewers must include at least one mandatory reviewer');
  }
  if (node.type === 'notification') {
    if (config.channel === 'email' && !(Array.isArray(config.recipients) && config.recipients.length > 0))
      throw ApiError.invalid('notification node with channel="email" requires a non-empty recipients array');
    if (config.channel === 'slack' && config.slackTarget === undefined)
      throw ApiError.invalid(
        'notification node with channel="slack" requires a slackTarget (channel id or incoming-webhook URL)',
      );
    if (config.format === 'slack-blocks' && config.channel !== 'slack')
      throw ApiError.invalid(
        'format="slack-blocks" is only valid on the slack channel [APPROVAL_NOTIFICATION_SLACK_BLOCKS_REQUIRES_SLACK]',
      );
  }
  if (node.type === 'webhook') {
    if (config.authMode === 'token' && config.authTokenHeader === undefined)
      throw ApiError.invalid('webhook node with authMode="token" requires authTokenHeader to be set');
    if (config.bodyTemplate === 'none' && config.method !== 'GET')
      throw ApiError.invalid(`${path}.bodyTemplate "none" requires method "GET".`);
  }
}

/** Validates each node's `config` strictly against its type, naming the offending field's path. */
export function checkNodeConfigs(nodes: NodeDef[]): void {
  for (const [index, node] of nodes.entries()) {
    const path = `data.nodes[${index}].config`;
    const fields = CONFIG_FIELDS[node.type];
    for (const [key, value] of Object.entries(node.config)) {
      const check = fields[key];
      if (!check) throw ApiError.invalid(`${path}.${key} is not a known field.`);
      if (!check(value)) throw ApiError.invalid(`${path}.${key} has an invalid value.`);
    }
    for (const key of REQUIRED[node.type]) {
      if (node.config[key] === undefined) throw ApiError.invalid(`${path}.${key} is required.`);
    }
    rules(node, path);
  }
}
