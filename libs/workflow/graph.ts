import { ApiError } from '@app/common';
import { JsonAst, parsePredicate } from './predicate';

export const NODE_TYPES = ['agent', 'human', 'notification', 'webhook'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const EDGE_ROLES = ['approve', 'reject', 'always', 'exhausted', 'custom'] as const;
export type EdgeRole = (typeof EDGE_ROLES)[number];
export const QUORUM_POLICIES = ['waitAll', 'cancelOnQuorum', 'joinOnQuorum'] as const;
export type QuorumPolicy = (typeof QUORUM_POLICIES)[number];

/** Velt's limits (create-definition): an SLA of at most 7 days. */
export const MAX_SLA_MS = 7 * 24 * 3600 * 1000;

export interface NodeDef {
  nodeId: string;
  type: NodeType;
  config: Record<string, unknown>;
  slaMs?: number;
  requireNonEmptyOutput?: boolean;
  name?: string;
  description?: string;
}

export type EdgeEndpoint = string | { kind: 'node'; nodeId: string } | { kind: 'group'; groupId: string };

export interface EdgeDef {
  from: EdgeEndpoint;
  to: EdgeEndpoint;
  on?: EdgeRole;
  when?: string;
  loop?: { maxIterations: number };
}

export interface GroupDef {
  groupId: string;
  memberNodeIds: string[];
  expectedSteps: number;
  quorum: number;
  onQuorumMet?: QuorumPolicy;
  requiredNodeIds?: string[];
}

export interface Scope {
  level: 'apiKey' | 'organization' | 'document';
  organizationId?: string;
  documentId?: string;
}

/** What a definition holds as written; `webhookConfig.secret` is stored encrypted. */
export interface DefinitionContent {
  name: string;
  description?: string;
  scope: Scope;
  nodes: NodeDef[];
  edges: EdgeDef[];
  groups?: GroupDef[];
  triggers?: Record<string, unknown>[];
  webhookConfig?: { url: string; secretCiphertext: string; eventTypes?: string[] };
  tags?: string[];
  custom?: Record<string, unknown>;
}

export interface CompiledForwardEdge {
  from: string;
  to: string;
  role: EdgeRole;
  when: JsonAst | null;
  fromGroupId?: string;
  toGroupId?: string;
}

export interface CompiledLoopRegion {
  loopId: string;
  entryNodeId: string;
  bodyNodeIds: string[];
  maxIterations: number;
  onExhausted: { routeToNodeId: string } | null;
}

export interface CompiledGraph {
  forwardEdges: CompiledForwardEdge[];
  loops: CompiledLoopRegion[];
}

/** An authored edge with both ends resolved: what the engine routes on. */
export interface RuntimeEdge {
  fromKind: 'node' | 'group';
  from: string;
  toKind: 'node' | 'group';
  to: string;
  role: EdgeRole;
  when: JsonAst | null;
  /** Set on a reject loop-back: the loop it starts again. */
  loopId: string | null;
}

/** What an execution pins at dispatch. */
export interface ExecutionGraph {
  nodes: Record<string, NodeDef>;
  groups: Record<string, GroupDef>;
  edges: RuntimeEdge[];
  loops: CompiledLoopRegion[];
  roots: string[];
}

/** Loop and group counters of one execution. */
export interface RunState {
  loops: Record<string, { restarts: number; previousAttempts: Record<string, unknown>[] }>;
  /** Keyed `<groupId>#<iteration>`. */
  groups: Record<string, { completed: string[]; approved: string[]; quorumMet: boolean; decided: boolean }>;
}

interface LintIssue {
  code: string;
  message: string;
}

/** An edge-contract violation: Velt's rule text with its key, as one INVALID_ARGUMENT. */
function contract(key: string, text: string): never {
  throw ApiError.invalid(`${text} [${key}]`);
}

function endpointOf(endpoint: EdgeEndpoint): { kind: 'node' | 'group'; id: string } {
  if (typeof endpoint === 'string') return { kind: 'node', id: endpoint };
  return endpoint.kind === 'group' ? { kind: 'group', id: endpoint.groupId } : { kind: 'node', id: endpoint.nodeId };
}

const APPROVE_AST: JsonAst = { op: 'eq', args: [{ var: 'output.decision' }, 'approve'] };
const REJECT_AST: JsonAst = { op: 'eq', args: [{ var: 'output.decision' }, 'reject'] };

function roleAst(role: EdgeRole, when: string | undefined): JsonAst | null {
  if (role === 'approve') return APPROVE_AST;
  if (role === 'reject') return REJECT_AST;
  if (role === 'custom') return parsePredicate(when ?? '');
  return null;
}

/**
 * Write-time validation and compilation of a definition's graph (Velt: schema, `compileGraph` edge
 * contracts, then the linter). Throws INVALID_ARGUMENT naming the rule; returns the compiled view
 * and the runtime graph an execution pins.
 */
export function compileDefinition(content: DefinitionContent): { compiled: CompiledGraph; graph: ExecutionGraph } {
  const nodes = new Map<string, NodeDef>();
  const lint: LintIssue[] = [];
  for (const node of content.nodes) {
    if (nodes.has(node.nodeId)) lint.push({ code: 'duplicate-node-id', message: `duplicate nodeId: ${node.nodeId}` });
    nodes.set(node.nodeId, node);
  }
  const groups = new Map<string, GroupDef>();
  const groupOf = new Map<string, string>();
  for (const group of content.groups ?? []) {
    if (groups.has(group.groupId))
      lint.push({ code: 'group-duplicate-id', message: `duplicate groupId: ${group.groupId}` });
    groups.set(group.groupId, group);
    if (group.memberNodeIds.length === 0)
      lint.push({ code: 'group-members-empty', message: `group ${group.groupId} has no members` });
    for (const member of group.memberNodeIds) {
      if (!nodes.has(member))
        lint.push({ code: 'group-member-missing', message: `group ${group.groupId} member ${member} is not a node` });
      if (groupOf.has(member) && groupOf.get(member) !== group.groupId)
        lint.push({ code: 'group-node-in-multiple-groups', message: `node ${member} is in more than one group` });
      groupOf.set(member, group.groupId);
    }
    if (group.expectedSteps < 1)
      lint.push({ code: 'group-expected-steps-invalid', message: `group ${group.groupId}: expectedSteps below 1` });
    if (group.quorum < 1 || group.quorum > group.expectedSteps)
      lint.push({ code: 'group-quorum-invalid', message: `group ${group.groupId}: quorum outside 1..expectedSteps` });
    const policy = group.onQuorumMet ?? 'waitAll';
    if (policy === 'cancelOnQuorum' && group.quorum >= group.expectedSteps)
      lint.push({
        code: 'group-cancelonquorum-requires-quorum-lt-expected',
        message: `group ${group.groupId}: cancelOnQuorum requires quorum < expectedSteps`,
      });
    for (const required of group.requiredNodeIds ?? []) {
      if (!group.memberNodeIds.includes(required))
        lint.push({
          code: 'group-required-not-in-members',
          message: `group ${group.groupId}: ${required} not a member`,
        });
    }
    if ((group.requiredNodeIds?.length ?? 0) > group.quorum)
      lint.push({
        code: 'group-required-exceeds-quorum',
        message: `group ${group.groupId}: requiredNodeIds exceed quorum`,
      });
  }

  // Edge contracts (compileGraph), then resolution.
  const edges: RuntimeEdge[] = [];
  for (const edge of content.edges) {
    const role = edge.on ?? 'always';
    const from = endpointOf(edge.from);
    const to = endpointOf(edge.to);
    if (role === 'custom' && !edge.when)
      contract('APPROVAL_EDGE_CUSTOM_REQUIRES_WHEN', 'an edge with on="custom" requires a non-empty "when"');
    if (role !== 'custom' && edge.when !== undefined)
      contract('APPROVAL_EDGE_WHEN_ONLY_FOR_CUSTOM', '"when" is only valid on an edge with on="custom"');
    if (edge.loop && role !== 'reject')
      contract('APPROVAL_EDGE_LOOP_REQUIRES_REJECT', '"loop" is only valid on an edge with on="reject"');
    if (from.kind === 'group' && to.kind === 'group')
      contract('APPROVAL_EDGE_GROUP_TO_GROUP_FORBIDDEN', 'an edge cannot go from a group to a group');
    const known = (end: { kind: string; id: string }) =>
      end.kind === 'group' ? groups.has(end.id) : nodes.has(end.id);
    if (!known(from) || !known(to)) {
      lint.push({ code: 'dangling-edge', message: `edge references an undeclared ${!known(from) ? from.id : to.id}` });
      continue;
    }
    edges.push({
      fromKind: from.kind,
      from: from.id,
      toKind: to.kind,
      to: to.id,
      role,
      when: roleAst(role, edge.when),
      loopId: null,
    });
    if (edge.loop) edges[edges.length - 1].loopId = `loop-${edges.length}`;
  }
  if (lint.length > 0) throw ApiError.invalid(`Definition linter failed: ${JSON.stringify(lint)}`);

  const membersOf = (kind: 'node' | 'group', id: string) => (kind === 'group' ? groups.get(id)!.memberNodeIds : [id]);
  const forward = edges.filter((edge) => edge.loopId === null && edge.role !== 'exhausted');
  const successors = new Map<string, Set<string>>();
  const incoming = new Set<string>();
  for (const edge of forward) {
    for (const from of membersOf(edge.fromKind, edge.from)) {
      for (const to of membersOf(edge.toKind, edge.to)) {
        if (!successors.has(from)) successors.set(from, new Set());
        successors.get(from)!.add(to);
        incoming.add(to);
      }
    }
  }
  // An exhausted route's target is entered from its loop, never a root (Velt: dispatch drops it from the roots).
  const routes = new Map<string, Set<string>>([...successors].map(([from, to]) => [from, new Set(to)]));
  for (const edge of edges.filter((candidate) => candidate.role === 'exhausted')) {
    for (const from of membersOf(edge.fromKind, edge.from)) {
      for (const to of membersOf(edge.toKind, edge.to)) {
        if (!routes.has(from)) routes.set(from, new Set());
        routes.get(from)!.add(to);
        incoming.add(to);
      }
    }
  }
  const walk = (start: string[], graph: Map<string, Set<string>>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const successor of graph.get(next) ?? []) stack.push(successor);
    }
    return seen;
  };
  const reach = (start: string[]): Set<string> => walk(start, successors);
  const isAncestor = (ancestor: string, of: string[]) => of.some((node) => [...reach([ancestor])].includes(node));

  // Cycles among forward edges: only marked reject loop-backs may revisit a node.
  const state = new Map<string, 1 | 2>();
  const visit = (node: string): boolean => {
    if (state.get(node) === 1) return true;
    if (state.get(node) === 2) return false;
    state.set(node, 1);
    for (const next of successors.get(node) ?? []) if (visit(next)) return true;
    state.set(node, 2);
    return false;
  };
  for (const node of nodes.keys()) {
    if (visit(node)) {
      const backEdge = forward.find(
        (edge) => edge.role === 'reject' && isAncestor(edge.to, membersOf(edge.fromKind, edge.from)),
      );
      if (backEdge)
        contract(
          'APPROVAL_EDGE_REJECT_CYCLE_REQUIRES_LOOP',
          `an on="reject" edge back to an ancestor requires "loop": ${backEdge.from} -> ${backEdge.to}`,
        );
      throw ApiError.invalid(
        `Definition linter failed: ${JSON.stringify([{ code: 'cycle-detected', message: 'the graph has a cycle' }])}`,
      );
    }
  }

  // Loops: a marked reject edge back to an ancestor; its sibling exhausted edge routes the cap.
  const loops: CompiledLoopRegion[] = [];
  for (const edge of edges.filter((candidate) => candidate.loopId !== null)) {
    const fromNodes = membersOf(edge.fromKind, edge.from);
    if (edge.toKind !== 'node' || !isAncestor(edge.to, fromNodes))
      contract(
        'APPROVAL_EDGE_LOOP_REQUIRES_BACK_EDGE',
        `a reject loop-back must point to an ancestor of its source: ${edge.from} -> ${edge.to}`,
      );
    if (edge.fromKind === 'group' && (groups.get(edge.from)!.onQuorumMet ?? 'waitAll') !== 'joinOnQuorum')
      contract(
        'APPROVAL_GROUP_FROM_LOOP_REQUIRES_JOINONQUORUM',
        `a reject loop-back from a group requires onQuorumMet="joinOnQuorum": ${edge.from}`,
      );
    const original = content.edges.find((candidate) => {
      const from = endpointOf(candidate.from);
      const to = endpointOf(candidate.to);
      return candidate.loop && from.id === edge.from && to.id === edge.to && (candidate.on ?? 'always') === 'reject';
    })!;
    const fromReach = new Set(fromNodes);
    const body = [...reach([edge.to])].filter((node) => fromReach.has(node) || isAncestor(node, fromNodes));
    const exhausted = edges.find(
      (candidate) =>
        candidate.role === 'exhausted' && candidate.fromKind === edge.fromKind && candidate.from === edge.from,
    );
    loops.push({
      loopId: `loop_${edge.from}__to__${edge.to}`,
      entryNodeId: edge.to,
      bodyNodeIds: body,
      maxIterations: original.loop!.maxIterations,
      onExhausted: exhausted ? { routeToNodeId: exhausted.to } : null,
    });
    edge.loopId = loops[loops.length - 1].loopId;
  }
  for (const edge of edges.filter((candidate) => candidate.role === 'exhausted')) {
    if (!edges.some((loop) => loop.loopId !== null && loop.fromKind === edge.fromKind && loop.from === edge.from))
      contract(
        'APPROVAL_EDGE_EXHAUSTED_REQUIRES_LOOP_SIBLING',
        `an on="exhausted" edge needs a sibling reject loop-back from the same source: ${edge.from}`,
      );
  }
  const loopLint: LintIssue[] = [];
  for (const loop of loops) {
    // Velt's body shapes: one body node with edges leaving the body, or exactly a joinOnQuorum group's members.
    const body = new Set(loop.bodyNodeIds);
    const exits = new Set<string>();
    for (const edge of edges) {
      if (edge.loopId !== null) continue;
      const targets = membersOf(edge.toKind, edge.to);
      if (targets.every((target) => body.has(target))) continue;
      for (const from of membersOf(edge.fromKind, edge.from)) if (body.has(from)) exits.add(from);
    }
    if (exits.size === 1) continue;
    const bounding = [...groups.values()].find(
      (group) => group.memberNodeIds.length === exits.size && group.memberNodeIds.every((member) => exits.has(member)),
    );
    if (!bounding || (bounding.onQuorumMet ?? 'waitAll') !== 'joinOnQuorum')
      loopLint.push({
        code: 'loop-body-must-have-single-terminal',
        message: `${loop.loopId}: ${exits.size} body nodes have edges leaving the loop body`,
      });
    else if (bounding.quorum !== bounding.expectedSteps)
      loopLint.push({
        code: 'loop-group-bounded-quorum-must-equal-expected',
        message: `${loop.loopId}: group ${bounding.groupId} needs quorum === expectedSteps`,
      });
  }
  for (const [index, loop] of loops.entries()) {
    for (const other of loops.slice(index + 1)) {
      if (loop.bodyNodeIds.some((node) => other.bodyNodeIds.includes(node)))
        loopLint.push({ code: 'loop-node-in-multiple-loops', message: `${loop.loopId} overlaps ${other.loopId}` });
    }
  }

  // Node rules.
  for (const node of nodes.values()) {
    if (node.type === 'human') {
      const member = groupOf.get(node.nodeId);
      const hasReject = edges.some(
        (edge) =>
          edge.role === 'reject' &&
          ((edge.fromKind === 'node' && edge.from === node.nodeId) ||
            (edge.fromKind === 'group' && edge.from === member)),
      );
      if (!hasReject)
        contract(
          'APPROVAL_HUMAN_NODE_REQUIRES_REJECT_PATH',
          `every human node must have at least one outgoing edge with on="reject" (a forward reject route or a reject back-edge): ${node.nodeId}`,
        );
    }
  }
  for (const edge of edges) {
    if (edge.fromKind === 'group' && edge.role === 'reject' && edge.loopId === null) {
      const policy = groups.get(edge.from)!.onQuorumMet ?? 'waitAll';
      if (policy !== 'waitAll')
        contract(
          'APPROVAL_GROUP_FROM_REJECT_REQUIRES_LOOP',
          `a forward on="reject" edge from a ${policy} group never fires: ${edge.from}`,
        );
    }
  }

  // Linter: reachability and SLA breach routing.
  const roots = [...nodes.keys()].filter((node) => !incoming.has(node));
  const reachable = walk(roots, routes);
  for (const node of nodes.keys()) {
    if (!reachable.has(node)) loopLint.push({ code: 'unreachable-node', message: `node ${node} is unreachable` });
  }
  for (const node of nodes.values()) {
    if (node.slaMs === undefined) continue;
    const member = groupOf.get(node.nodeId);
    const outgoing = edges.filter(
      (edge) =>
        (edge.fromKind === 'node' && edge.from === node.nodeId) || (edge.fromKind === 'group' && edge.from === member),
    );
    if (outgoing.length > 0 && !outgoing.some((edge) => edge.role === 'always' || edge.role === 'custom'))
      loopLint.push({
        code: 'missing-breach-edge',
        message: `node ${node.nodeId} sets slaMs but no edge routes a breach`,
      });
  }
  for (const group of groups.values()) {
    if ((group.onQuorumMet ?? 'waitAll') !== 'joinOnQuorum') continue;
    const targets = group.memberNodeIds.map((member) =>
      JSON.stringify([...(successors.get(member) ?? [])].sort((a, b) => a.localeCompare(b))),
    );
    if (new Set(targets).size > 1)
      loopLint.push({
        code: 'group-joinonquorum-members-must-share-successors',
        message: `group ${group.groupId}: members have different successors`,
      });
  }
  if (loopLint.length > 0) throw ApiError.invalid(`Definition linter failed: ${JSON.stringify(loopLint)}`);

  const forwardEdges: CompiledForwardEdge[] = [];
  for (const edge of forward) {
    for (const from of membersOf(edge.fromKind, edge.from)) {
      for (const to of membersOf(edge.toKind, edge.to)) {
        forwardEdges.push({
          from,
          to,
          role: edge.role,
          when: edge.when,
          ...(edge.fromKind === 'group' ? { fromGroupId: edge.from } : {}),
          ...(edge.toKind === 'group' ? { toGroupId: edge.to } : {}),
        });
      }
    }
  }
  return {
    compiled: { forwardEdges, loops },
    graph: {
      nodes: Object.fromEntries(nodes),
      groups: Object.fromEntries(groups),
      edges,
      loops,
      roots,
    },
  };
}
