/** Job names on the agent queue. */
export const AGENT_JOB = {
  RUN: 'run',
  SWEEP: 'sweep',
} as const;

/** Payload of a run job; its BullMQ job id is the execution id too. */
export interface AgentRunJob {
  executionId: string;
}
