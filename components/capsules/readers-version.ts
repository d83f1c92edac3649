import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";

/**
 * Whether a capsule read is the version readers see (what may be disputed or licensed): finalized, or
 * superseded by a correction that was rejected, which leaves it its chain's current version (the server's
 * rule is features/capsules/readers-version.ts).
 */
export const isReadersVersion = (read: Pick<TCapsuleResponse, "capsule" | "revision">): boolean =>
  read.capsule.status === "finalized" || (read.capsule.status === "superseded" && read.revision.currentCapsuleId === read.capsule.id);
