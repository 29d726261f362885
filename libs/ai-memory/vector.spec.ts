import { signSketch, storedEmbedding, unitVector } from './vector';

describe('stored embeddings', () => {
  it('scales to unit length and keeps the signs as bits', () => {
    expect(unitVector([3, -4])).toEqual([0.6, -0.8]);
    expect(signSketch([0.6, -0.8, 0])).toBe('100');
    expect(storedEmbedding([3, -4])).toEqual({ embedding: [0.6, -0.8], sketch: '10' });
  });

  it('refuses what a model should never answer', () => {
    expect(unitVector([])).toBeNull();
    expect(unitVector([0, 0])).toBeNull();
    expect(unitVector([1, Number.NaN])).toBeNull();
    expect(unitVector(['1' as unknown as number])).toBeNull();
  });
});
