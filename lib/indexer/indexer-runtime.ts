import { processHolder } from "@/lib/process-registry";
// The running indexer of this process, if this server leads, as routes see it. In the process registry:
// the indexer runs in the tsx server entry's module graph, routes in Next's bundles.
export type IndexerRuntime = {
  /** Start a pass now (or right after the one running): a route waits for a block just mined. */
  requestPass: () => void;
  /** How new heads reach the indexer right now. */
  following: () => "subscription" | "polling";
};

const globalForRuntime = processHolder<{ capsuleIndexerRuntime: IndexerRuntime }>("indexerRuntime");

export const indexerRuntime = (): IndexerRuntime | undefined => globalForRuntime.capsuleIndexerRuntime;

export function registerIndexerRuntime(runtime: IndexerRuntime): () => void {
  globalForRuntime.capsuleIndexerRuntime = runtime;
  return () => {
    if (globalForRuntime.capsuleIndexerRuntime === runtime) globalForRuntime.capsuleIndexerRuntime = undefined;
  };
}
