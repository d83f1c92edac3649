import { sql, type SelectQueryBuilder } from "kysely";
import { insertRowsSqlite, isPostgres, unnestRows, UNNEST_ROWS_PER_INSERT, type SqliteInsert } from "@/lib/db/bulk-insert";
import type { DB, DbOrTrx } from "@/lib/db/database";
import type { ActivityRow } from "@/lib/db/tables/foundation.table";

export type ActivityEntry = {
  wallet: string;
  kind: string;
  outletSlug?: string | null;
  subjectId?: string | null;
  details?: Record<string, unknown>;
  txHash?: string | null;
  createdAt: number;
};

const activityColumns = [
  ["wallet", "text"],
  ["kind", "text"],
  ["outlet_slug", "text"],
  ["subject_id", "text"],
  ["details_json", "text"],
  ["tx_hash", "text"],
  ["created_at", "bigint"],
] as const;
const sqliteActivityInsert: SqliteInsert<ActivityEntry> = {
  table: "activity",
  columns: activityColumns.map(([column]) => column),
  values: (e, params) => params.push(e.wallet, e.kind, e.outletSlug ?? null, e.subjectId ?? null, JSON.stringify(e.details ?? {}), e.txHash ?? null, e.createdAt),
};

export async function insertActivity(db: DbOrTrx, entries: ActivityEntry[]): Promise<void> {
  if (!isPostgres(db)) {
    await insertRowsSqlite(db, sqliteActivityInsert, entries);
    return;
  }
  for (let start = 0; start < entries.length; start += UNNEST_ROWS_PER_INSERT) {
    const rows = entries.slice(start, start + UNNEST_ROWS_PER_INSERT).map((e) => ({
      wallet: e.wallet,
      kind: e.kind,
      outlet_slug: e.outletSlug ?? null,
      subject_id: e.subjectId ?? null,
      details_json: JSON.stringify(e.details ?? {}),
      tx_hash: e.txHash ?? null,
      created_at: e.createdAt,
    }));
    // one row (the common case outside a back-fill) stays an ordinary insert
    if (rows.length > 1) await db.insertInto("activity").columns(activityColumns.map(([column]) => column)).expression(unnestRows(rows, activityColumns)).execute();
    else await db.insertInto("activity").values(rows).execute();
  }
}

/** What a reader may not see of a wallet's activity: drafts hidden from it, and whether the wallet's own vault uploads show. */
export type ActivityVisibility = {
  hiddenCapsuleIds: SelectQueryBuilder<DB, "capsules", { sid: string }>;
  /**
   * The wallet itself signs the read: only then are OWN_ONLY_KINDS shown (`vault.uploaded` names a file's id and
   * name, which may be a draft's evidence; `inbox.role_offered` an offer only the grantee and the outlet's managers see;
   * `inbox.role_revoked` the holder's own news of a revocation the public feed already lists as `role.revoked`; an
   * ownership offer and its answers, between the owner and the Editor; `inbox.ownership_transferred` the wallet's own
   * news of a handover the public feed lists as `outlet.ownership_transferred`; `inbox.offer_closed` the grantee's news
   * of an offer the bridge closed, which names the offer).
   */
  ownFeed: boolean;
};

const OWN_ONLY_KINDS = ["vault.uploaded", "inbox.role_offered", "inbox.role_revoked", "outlet.ownership_offered", "inbox.ownership_offered", "inbox.ownership_declined", "inbox.ownership_transferred", "inbox.offer_closed"];

/** Entries that name another capsule in their details (the id being a draft the reader may not see). */
const CAPSULE_DETAIL_FIELDS: ReadonlyArray<{ kind: string; field: string }> = [
  { kind: "capsule.supporting_added", field: "supportingCapsuleId" },
  { kind: "capsule.revision_created", field: "parentCapsuleId" },
];

/** The wallet's activity, newest first; `visibility` leaves out what this reader may not see. */
export async function listActivity(db: DbOrTrx, wallet: string, page: { offset: number; limit: number }, visibility?: ActivityVisibility): Promise<{ rows: ActivityRow[]; total: number }> {
  let base = db.selectFrom("activity").where("wallet", "=", wallet);
  if (visibility) {
    const { hiddenCapsuleIds } = visibility;
    const detail = (field: string) => (isPostgres(db) ? sql<string>`(details_json::jsonb ->> ${field})` : sql<string>`json_extract(details_json, ${`$.${field}`})`);
    base = base.where((eb) =>
      eb.not(
        eb.or([
          eb.and([eb("kind", "like", "capsule.%"), eb("subject_id", "in", hiddenCapsuleIds)]),
          ...CAPSULE_DETAIL_FIELDS.map(({ kind, field }) => eb.and([eb("kind", "=", kind), eb(detail(field), "in", hiddenCapsuleIds)])),
          ...(visibility.ownFeed ? [] : [eb("kind", "in", OWN_ONLY_KINDS)]),
        ]),
      ),
    );
  }
  const rows = await base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").offset(page.offset).limit(page.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The bond events (RoleRegistry, as the indexer projected them) of these wallets up to `until`, in chain order. */
export async function bondActivityOf(db: DbOrTrx, wallets: string[], until: number): Promise<Array<Pick<ActivityRow, "wallet" | "kind" | "details_json" | "created_at">>> {
  if (wallets.length === 0) return [];
  return db
    .selectFrom("activity")
    .select(["wallet", "kind", "details_json", "created_at"])
    .where("wallet", "in", wallets)
    .where("kind", "in", ["bond.deposited", "bond.withdrawn", "bond.slashed", "bond.seized"])
    .where("tx_hash", "is not", null)
    .where("created_at", "<=", until)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}


/** Whether any of these wallets has an entry of these kinds about `subjectId` (a notice written once). */
export async function hasActivityAbout(db: DbOrTrx, wallets: string[], kinds: readonly string[], subjectId: string): Promise<boolean> {
  if (wallets.length === 0) return false;
  const row = await db.selectFrom("activity").select("id").where("wallet", "in", wallets).where("kind", "in", [...kinds]).where("subject_id", "=", subjectId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Before a rebuild replays the chain: the entries of these kinds derived from it (those naming a transaction). */
export async function deleteChainActivity(db: DbOrTrx, kinds: readonly string[]): Promise<void> {
  await db.deleteFrom("activity").where("kind", "in", [...kinds]).where("tx_hash", "is not", null).execute();
}
