import { Injectable } from '@nestjs/common';
import { ModelError, ModelProvider } from '@app/ai';
import { StoredEmbedding, storedEmbedding } from './vector';

/** Texts per embeddings request. */
const BATCH = 64;

/** Memory's use of the model provider's embeddings: unit vectors with their sketches, in batches. */
@Injectable()
export class MemoryEmbeddings {
  constructor(private readonly model: ModelProvider) {}

  /** One stored embedding per text, in order; a ModelError when the model gives none usable. */
  async embed(apiKeyId: string, texts: readonly string[]): Promise<StoredEmbedding[]> {
    const stored: StoredEmbedding[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const { vectors } = await this.model.embed({ apiKeyId, texts: texts.slice(start, start + BATCH) });
      for (const vector of vectors) {
        const embedding = storedEmbedding(vector);
        if (!embedding) throw new ModelError('wrong_schema', 'An embedding is empty or all zeros.');
        stored.push(embedding);
      }
    }
    return stored;
  }

  /** The embedding of a query. */
  async one(apiKeyId: string, text: string): Promise<StoredEmbedding> {
    const [embedding] = await this.embed(apiKeyId, [text]);
    return embedding;
  }
}
