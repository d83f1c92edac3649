import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";

/**
 * Whether a capsule read is the version readers see (what may be disputed or licensed): the chain's newest finalized
 * version, which a correction under vote or a rejected one leaves as it was (the server's rule is
 * features/capsules/readers-version.ts; the read carries its answer as `revision.publishedCapsuleId`).
 */
export const isReadersVersion = (read: Pick<TCapsuleResponse, "capsule" | "revision">): boolean => read.revision.publishedCapsuleId === read.capsule.id;
