import "server-only";
import type { Db } from "@/lib/db/database";
import { listCapsules, listChain } from "@/features/capsules/capsules.repository";
import { pageOf, pageOffset } from "@/lib/schemas/pagination";
import { getAddress, type Address } from "viem";
import type { TListCapsulesQuery, TViewerVote } from "@/features/capsules/capsules.schema";
import { votesOfVoter } from "@/features/voting/capsule-votes.repository";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { capsuleObject, capsuleReadResponse, isSettled, loadCapsuleRead, visibleCapsuleForRead } from "./capsule-view";
import { snapshotPage } from "@/features/capsules/capsule-list-snapshot.repository";
import { statusPage } from "@/features/capsules/capsule-status-lists.repository";
import { currentOfChain, rootIdOf } from "./chain-order";
import { canSee, getVisibleCapsuleOrThrow, visibleTo, type Viewer } from "@/features/capsules/draft-visibility.repository";

export async function getCapsuleResponse(db: Db, id: number, origin: string, viewer: Viewer) {
  return capsuleReadResponse(db, await visibleCapsuleForRead(db, id, viewer), origin);
}

/**
 * The rows of GET /api/capsules/:id (conditional reads: the tag is taken over them before the body
 * is built). `checked` is the capsule row the route wrapper already read for the visibility check.
 */
export async function capsuleReadRows(db: Db, id: number, viewer: Viewer, checked?: CapsuleRow) {
  return loadCapsuleRead(db, checked ?? (await visibleCapsuleForRead(db, id, viewer)));
}

/** Drafts appear only to a signed reader who may see them (their author, their outlet's Editors). */
export async function capsulePage(db: Db, query: TListCapsulesQuery, viewer: Viewer) {
  return buildCapsulePage(await capsulePageRows(db, query, viewer), query);
}

export async function capsulePageRows(db: Db, query: TListCapsulesQuery, viewer: Viewer): Promise<{ rows: CapsuleRow[]; total: number }> {
  const page = { offset: pageOffset(query), limit: query.limit };
  // without a status filter, total and deep pages come from a per-process snapshot (exact; see capsule-list-snapshot.ts);
  // with one, every status but draft is public: count and anchors are kept under the list version (capsule-status-lists.ts);
  // drafts (few, and their rows depend on the reader) are read directly, and so are the rejected
  // capsules a signed reader sees (withdrawn drafts, never on chain, are private like drafts)
  if (!query.status) return snapshotPage(db, { outletSlug: query.outlet }, page, viewer);
  if (query.status !== "draft" && !(query.status === "rejected" && viewer)) return statusPage(db, { outletSlug: query.outlet, status: query.status }, page);
  return listCapsules(db, { outletSlug: query.outlet, status: query.status, ...page, where: visibleTo(viewer) });
}

/**
 * The signed reader's own vote on each capsule of a page that went to a vote (submitted on chain): "for", "against" or
 * "none". Only the reader's own votes are read; who else voted is what GET /api/capsules/:id/votes already shows.
 */
export async function viewerVotesOn(db: Db, rows: CapsuleRow[], wallet: Address): Promise<Map<number, TViewerVote>> {
  const voted = rows.filter((row) => row.status !== "draft" && row.submit_tx_hash !== null).map((row) => row.id);
  const votes = await votesOfVoter(db, getAddress(wallet), voted);
  return new Map(voted.map((id) => [id, votes.has(id) ? (votes.get(id) ? "for" : "against") : "none"]));
}

/** `viewerVotes`: on a signed read, the reader's own votes (viewerVotesOn), carried on each item as `viewerVote`. */
export const buildCapsulePage = ({ rows, total }: { rows: CapsuleRow[]; total: number }, query: TListCapsulesQuery, viewerVotes?: ReadonlyMap<number, TViewerVote>) =>
  pageOf(
    rows.map((row) => {
      const vote = viewerVotes?.get(row.id);
      return vote ? { ...capsuleObject(row), viewerVote: vote } : capsuleObject(row);
    }),
    query,
    total,
  );

/** A list item shows no article text: the tag of a page is taken over its rows without their bodies. */
export const capsulePageVersion = ({ rows, total }: { rows: CapsuleRow[]; total: number }): unknown => [total, rows.map(({ body: _body, ...shown }) => shown)];

/** GET /api/capsules/:id/history — the whole chain the capsule belongs to, oldest revision first (drafts only for who may see them). */
export async function capsuleHistory(db: Db, id: number, viewer: Viewer) {
  return buildHistory(await historyRows(db, id, viewer));
}

export async function historyRows(db: Db, id: number, viewer: Viewer, checked?: CapsuleRow) {
  const capsule = checked ?? (await getVisibleCapsuleOrThrow(db, id, viewer));
  return { capsule, chain: (await listChain(db, rootIdOf(capsule))).filter((row) => canSee(row, viewer)) };
}

/** The fields of the chain's rows the history shows; settled when no member can still change status by a vote. */
export const historyVersion = ({ capsule, chain }: { capsule: CapsuleRow; chain: CapsuleRow[] }): unknown => [
  rootIdOf(capsule),
  chain.map((r) => [r.id, r.revision_number, r.status, r.capsule_type, r.parent_capsule_id, r.revision_reason, r.created_at]),
];
export const historySettled = ({ chain }: { chain: CapsuleRow[] }): boolean => chain.every(isSettled);

export function buildHistory({ capsule, chain }: { capsule: CapsuleRow; chain: CapsuleRow[] }) {
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
