import "server-only";
import { getAddress, type Address } from "viem";
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import type { DB, DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { Viewer } from "@/lib/http/stages/authorize";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { AppError } from "@/lib/errors/app-error";
import { ROLE } from "@/lib/roles/role-catalog";
import { neverOnChain } from "@/features/capsules/never-on-chain";

// Drafts are private (issue 15 item 9): a draft is visible to its author (the wallet that created
// it) and to the active Editors of its outlet, and only through a signed read that names that
// wallet. To everyone else a draft does not exist: by-id reads answer the same 404 as a missing id,
// lists and activity leave it out. A capsule that never reached the chain stays private for ever
// (issue 25 item 1): a draft its author withdrew is `rejected` but has no submission transaction.
// Writes follow the same rule with the signer as the viewer (capsuleForWriter).

/** Who is reading: nobody (an anonymous read), or a wallet and the outlets where it is an active Editor. */
export type { Viewer };

export async function viewerOf(db: DbOrTrx, wallet: Address | undefined): Promise<Viewer> {
  if (!wallet) return undefined;
  const rows = await db
    .selectFrom("outlet_roles")
    .select("outlet_id")
    .where("wallet", "=", getAddress(wallet))
    .where("role_id", "=", ROLE.EDITOR)
    .where("revoked_at", "is", null)
    .execute();
  return { wallet: getAddress(wallet), editorOutletIds: [...new Set(rows.map((r) => r.outlet_id))] };
}

export function canSee(capsule: Pick<CapsuleRow, "status" | "submit_tx_hash" | "submitter" | "outlet_id">, viewer: Viewer): boolean {
  if (!neverOnChain(capsule)) return true;
  if (!viewer) return false;
  return capsule.submitter === viewer.wallet || viewer.editorOutletIds.includes(capsule.outlet_id);
}

export const notFound = (id: number) => new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${id}`);

/** The capsule when this viewer may see it; otherwise the very 404 of a missing id. */
export async function getVisibleCapsuleOrThrow(db: DbOrTrx, id: number, viewer: Viewer): Promise<CapsuleRow> {
  const capsule = await getCapsuleOrThrow(db, id);
  if (!canSee(capsule, viewer)) throw notFound(id);
  return capsule;
}

/**
 * The capsule a signed write names, when its signer could read it or is named in it (an active
 * contributor, who may add evidence to the draft and already knows it exists); otherwise the very
 * 404 of a missing id, before any other check could tell the two apart.
 */
export async function capsuleForWriter(db: DbOrTrx, id: number, wallet: Address): Promise<CapsuleRow> {
  const capsule = await getCapsuleOrThrow(db, id);
  if (canSee(capsule, await viewerOf(db, wallet))) return capsule;
  const named = await db
    .selectFrom("capsule_contributors")
    .select("id")
    .where("capsule_id", "=", capsule.id)
    .where("wallet", "=", getAddress(wallet))
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!named) throw notFound(id);
  return capsule;
}

type CapsulesEb = ExpressionBuilder<DB, "capsules">;

/**
 * Rows that never reached the chain (neverOnChain as a WHERE clause). `submit_tx_hash is null` comes
 * first and alone at the top: it is the condition of the partial index capsules_never_on_chain_idx.
 */
function neverOnChainRow(eb: CapsulesEb): Expression<SqlBool>[] {
  return [eb("submit_tx_hash", "is", null), eb("status", "in", ["draft", "rejected"])];
}

/** Rows of `capsules` anyone may see: those that reached the chain. */
export function publicRows(eb: CapsulesEb): Expression<SqlBool> {
  return eb.or([eb("submit_tx_hash", "is not", null), eb("status", "not in", ["draft", "rejected"])]);
}

/** Rows of `capsules` this viewer may see (a WHERE clause). */
export function visibleTo(viewer: Viewer): (eb: CapsulesEb) => Expression<SqlBool> {
  return (eb) => {
    const ownDrafts = viewer ? [eb("submitter", "=", viewer.wallet), ...(viewer.editorOutletIds.length > 0 ? [eb("outlet_id", "in", viewer.editorOutletIds)] : [])] : [];
    return eb.or([publicRows(eb), ...ownDrafts]);
  };
}

/** Rows of `capsules` this viewer may NOT see: others' capsules that never reached the chain (a WHERE clause; few rows, on a partial index). */
export function hiddenFrom(viewer: Viewer): (eb: CapsulesEb) => Expression<SqlBool> {
  return (eb) => {
    const conditions = neverOnChainRow(eb);
    if (viewer) {
      conditions.push(eb("submitter", "<>", viewer.wallet));
      if (viewer.editorOutletIds.length > 0) conditions.push(eb("outlet_id", "not in", viewer.editorOutletIds));
    }
    return eb.and(conditions);
  };
}

/** Capsule ids (as text, the activity table's `subject_id`) of drafts hidden from this viewer. */
export function hiddenDraftIdsText(db: DbOrTrx, viewer: Viewer) {
  return db.selectFrom("capsules").select(sql<string>`cast(id as text)`.as("sid")).where(hiddenFrom(viewer));
}

/** Ids of drafts hidden from this viewer (a subquery). */
export function hiddenDraftIds(db: DbOrTrx, viewer: Viewer) {
  return db.selectFrom("capsules").select("id").where(hiddenFrom(viewer));
}
