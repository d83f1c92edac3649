import { rebuildProjection as rebuildWith, type RebuildResult } from "@/lib/indexer/rebuild";
import { projectionResets, projectors } from "./projectors";

export type { RebuildResult };

/** lib/indexer/rebuild.ts with every feature's projector: drops the projection and derives it again from the chain. */
export const rebuildProjection = (options: Omit<Parameters<typeof rebuildWith>[0], "projectors" | "resets">): Promise<RebuildResult> =>
  rebuildWith({ ...options, projectors, resets: projectionResets });
