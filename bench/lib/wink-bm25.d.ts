declare module 'wink-bm25-text-search' {
  interface WinkBm25 {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: object }): boolean;
    definePrepTasks(tasks: ((input: unknown) => unknown)[]): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number): [string | number, number][];
  }
  const createEngine: () => WinkBm25;
  export default createEngine;
}
