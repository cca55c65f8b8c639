import type { Collection } from 'chromadb';

/** Collection metadata key holding the vector length the collection was made for. */
export const DIMENSIONS_KEY = 'arsenal:dimensions';

/** The length recorded when the collection was made, else that of any stored vector. */
export async function storedDimensions(collection: Collection): Promise<number | undefined> {
  const recorded = collection.metadata?.[DIMENSIONS_KEY];
  if (typeof recorded === 'number') return recorded;
  const sample = await collection.get({ limit: 1, include: ['embeddings'] });
  return sample.embeddings[0]?.length;
}
