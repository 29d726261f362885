import { KnowledgeChunk } from './knowledge-chunk.entity';
import { KnowledgeRule } from './knowledge-rule.entity';
import { KnowledgeSource } from './knowledge-source.entity';
import { KnowledgeUpload } from './knowledge-upload.entity';
import { MemoryAlertConfig } from './memory-alert-config.entity';
import { MemoryAlert } from './memory-alert.entity';
import { MemoryJudgment } from './memory-judgment.entity';

export * from './knowledge-chunk.entity';
export * from './knowledge-rule.entity';
export * from './knowledge-source.entity';
export * from './knowledge-upload.entity';
export * from './memory-alert-config.entity';
export * from './memory-alert.entity';
export * from './memory-judgment.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const AI_MEMORY_ENTITIES = [
  MemoryJudgment,
  KnowledgeSource,
  KnowledgeChunk,
  KnowledgeRule,
  KnowledgeUpload,
  MemoryAlert,
  MemoryAlertConfig,
];
