import "server-only";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow, listCapsules, listChain } from "@/lib/db/repositories/capsules.repository";
import { pageOf, pageOffset } from "@/lib/http/pagination";
import type { TListCapsulesQuery } from "@/lib/schemas/capsules";
import { capsuleObject, capsuleReadResponse } from "./capsule-view";
import { snapshotPage } from "./capsule-list-snapshot";
import { currentOfChain, rootIdOf } from "./chain-order";

export async function getCapsuleResponse(db: Db, id: number, origin: string) {
  return capsuleReadResponse(db, await getCapsuleOrThrow(db, id), origin);
}

export async function capsulePage(db: Db, query: TListCapsulesQuery) {
  const page = { offset: pageOffset(query), limit: query.limit };
  // without a status filter, total and deep pages come from a per-process snapshot (exact; see capsule-list-snapshot.ts)
  const { rows, total } = query.status
    ? await listCapsules(db, { outletSlug: query.outlet, status: query.status, ...page })
    : await snapshotPage(db, { outletSlug: query.outlet }, page);
  return pageOf(rows.map(capsuleObject), query, total);
}

/** GET /api/capsules/:id/history — the whole chain the capsule belongs to, oldest revision first. */
export async function capsuleHistory(db: Db, id: number) {
  const capsule = await getCapsuleOrThrow(db, id);
  const chain = await listChain(db, rootIdOf(capsule));
  return {
    ok: true as const,
    rootCapsuleId: String(rootIdOf(capsule)),
    currentCapsuleId: String(currentOfChain(chain).id),
    chain: chain.map((row) => ({
      capsuleId: String(row.id),
      revisionNumber: row.revision_number,
      status: row.status,
      capsuleType: row.capsule_type,
      parentCapsuleId: row.parent_capsule_id === null ? null : String(row.parent_capsule_id),
      revisionReason: row.revision_reason,
      createdAt: String(row.created_at),
    })),
  };
}
