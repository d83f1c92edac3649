import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { neverOnChain } from "@/features/capsules/never-on-chain";

// Revision chains (seed: revision object; docs/ARCHITECTURE.md, "States"). Pure functions over the chain's rows.

export const rootIdOf = (row: Pick<CapsuleRow, "id" | "root_capsule_id">): number => row.root_capsule_id ?? row.id;

const live = new Set(["pending", "accepted", "finalized"]);

/**
 * The authoritative current version: the newest member that is pending, accepted or finalized;
 * else the newest superseded one (a correction that was rejected leaves the superseded original
 * as the best version); else the newest one that reached the chain; else the root.
 */
export function currentOfChain(chain: CapsuleRow[]): CapsuleRow {
  const newestFirst = [...chain].sort((a, b) => b.revision_number - a.revision_number || b.id - a.id);
  return (
    newestFirst.find((row) => live.has(row.status)) ??
    newestFirst.find((row) => row.status === "superseded") ??
    newestFirst.find((row) => !neverOnChain(row)) ??
    chain[0]!
  );
}

/** A draft or pending member blocks a new revision (one open revision per chain at a time). */
export const openRevisionOf = (chain: CapsuleRow[]): CapsuleRow | undefined => chain.find((row) => row.status === "draft" || row.status === "pending");

export const nextRevisionNumber = (chain: CapsuleRow[]): number => Math.max(...chain.map((row) => row.revision_number)) + 1;

/** Published = finalized on chain at some point: finalized now, or superseded after finalization. */
export const isPublished = (row: Pick<CapsuleRow, "status" | "finalized_at">): boolean =>
  row.finalized_at !== null && (row.status === "finalized" || row.status === "superseded");

/** The latest published version: what readers see as the article's current text. */
export const latestPublished = (chain: CapsuleRow[]): CapsuleRow | undefined =>
  [...chain].sort((a, b) => b.revision_number - a.revision_number || b.id - a.id).find(isPublished);
