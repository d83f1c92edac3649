import { sql } from "kysely";
import type { Db, Dialect, Trx } from "@/lib/db/database";
import type { NewOutlet } from "@/lib/db/tables/outlets.table";
import type { NewCapsule, NewContributor, NewEvidence } from "@/lib/db/tables/capsules.table";

export type SeedResult = { outletSlug: string; firstId: number; lastId: number; capsules: number; rows: number; seconds: number };

// Multi-row INSERTs sized to stay under SQLite's 32,766 bound parameters (PostgreSQL allows 65,535);
// one transaction per CHUNK capsules keeps the WAL small without paying a commit per batch.
const MAX_PARAMS = 30_000;
const CHUNK = 5_000;

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EDITOR = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const VOTE_WEIGHT = 250n * 10n ** 18n;
const VOTES_PER_CAPSULE = 3; // two yes, one no

const hash = (n: number, salt: string) => `0x${(salt + n.toString(16)).padStart(64, "0").slice(-64)}`;

async function insertInBatches<T extends object>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  if (rows.length === 0) return;
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length));
  for (let start = 0; start < rows.length; start += perBatch) await insert(rows.slice(start, start + perBatch));
}

function benchOutlet(slug: string, now: number): NewOutlet {
  return {
    slug,
    name: "Bench Ledger",
    domain: `${slug}.example`,
    description: "seeded for npm run bench",
    metadata_uri: null,
    owner_wallet: OWNER,
    status: "active",
    policy_id: "default",
    verification_token: "0".repeat(64),
    verified_at: now,
    first_verified_at: now,
    last_checked_at: now,
    last_result: "verified",
    created_at: now,
    updated_at: now,
  };
}

function benchCapsule(n: number, outlet: { id: number; slug: string }, now: number): NewCapsule {
  const yes = VOTE_WEIGHT * 2n;
  const no = VOTE_WEIGHT;
  return {
    outlet_id: outlet.id,
    outlet_slug: outlet.slug,
    article_slug: `bench-article-${n}`,
    title: `Port authority procurement, part ${n}`,
    subtitle: null,
    summary: "How the harbor's dredging contracts were awarded.",
    language: "en",
    category: "investigations",
    tags_json: JSON.stringify(["procurement", "harbor"]),
    source_url: "https://example.org/source",
    body: `# Part ${n}\n\nThe port authority awarded three dredging contracts without a public tender.`,
    rights_notes: null,
    metadata_uri: "ipfs://bafkreibench",
    content_hash: hash(n, "c"),
    submitter: OWNER,
    status: "finalized",
    capsule_type: "original",
    policy_id: "default",
    trusted_publisher_at_submit: 0,
    window_seconds: 259200,
    approval_threshold: 60,
    quorum_threshold: 5,
    eligible_weight: (yes + no).toString(),
    voucher_deadline: null,
    opens_at: now - 300000,
    closes_at: now - 40800,
    accepted_at: now - 40000,
    finalized_at: now - 40000,
    closed_at: now - 40000,
    finalized_article_id: String(n + 1),
    finalized_by: OWNER,
    submit_tx_hash: hash(n, "a"),
    finalize_tx_hash: hash(n, "b"),
    root_capsule_id: null,
    parent_capsule_id: null,
    revision_number: 0,
    revision_reason: null,
    change_summary_uri: null,
    revision_fee_paid: "0",
    integrity_label: "clean",
    yes_votes: yes.toString(),
    no_votes: no.toString(),
    created_at: now - 400000 + n,
    updated_at: now - 40000,
  };
}

const evidenceOf = (id: number, now: number): NewEvidence => ({
  capsule_id: id,
  uri: "https://example.org/doc.pdf",
  content_hash: hash(id, "e"),
  evidence_type: "document",
  mime_type: "application/pdf",
  is_primary: 1,
  label: "Tender file",
  submitted_by: OWNER,
  active: 1,
  created_at: now,
});

const contributorsOf = (id: number, now: number): NewContributor[] => [
  { capsule_id: id, wallet: OWNER, display_name: "Ana Ruiz", role: 1, contribution_type: "author", share_bps: 7000, attribution_uri: null, active: 1, created_at: now },
  { capsule_id: id, wallet: EDITOR, display_name: "Tom Hale", role: 3, contribution_type: "editor", share_bps: 3000, attribution_uri: null, active: 1, created_at: now },
];

const votesOf = (id: number, now: number) =>
  Array.from({ length: VOTES_PER_CAPSULE }, (_, v) => ({
    capsule_id: id,
    voter: `0x${(id * 10 + v).toString(16).padStart(40, "0")}`,
    support: v === VOTES_PER_CAPSULE - 1 ? 0 : 1,
    weight: VOTE_WEIGHT.toString(),
    tx_hash: hash(id * 10 + v, "d"),
    log_index: v,
    block_time: now - 200000,
  }));

async function seedChunk(trx: Trx, from: number, size: number, outlet: { id: number; slug: string }, now: number): Promise<number[]> {
  const ids: number[] = [];
  await insertInBatches(
    Array.from({ length: size }, (_, i) => benchCapsule(from + i, outlet, now)),
    async (batch) => ids.push(...(await trx.insertInto("capsules").values(batch).returning("id").execute()).map((r) => r.id)),
  );
  await insertInBatches(ids.map((id) => evidenceOf(id, now)), (batch) => trx.insertInto("capsule_evidence").values(batch).execute());
  await insertInBatches(ids.flatMap((id) => contributorsOf(id, now)), (batch) => trx.insertInto("capsule_contributors").values(batch).execute());
  await insertInBatches(ids.flatMap((id) => votesOf(id, now)), (batch) => trx.insertInto("capsule_votes").values(batch).execute());
  return ids;
}

/**
 * Seeds `count` finalized capsules, each with one evidence item, two contributors and three
 * indexed votes whose sums match the capsule's tallies: the rows the indexer's projection would
 * leave behind, written straight into SQL with multi-row INSERTs.
 */
export async function seedCapsules(db: Db, dialect: Dialect, count: number, log: (m: string) => void): Promise<SeedResult> {
  const started = performance.now();
  const now = Math.floor(Date.now() / 1000);
  const slug = `bench-${now.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const outlet = await db.insertInto("outlets").values(benchOutlet(slug, now)).returning("id").executeTakeFirstOrThrow();
  let firstId = 0;
  let lastId = 0;
  for (let done = 0; done < count; done += CHUNK) {
    const size = Math.min(CHUNK, count - done);
    const ids = await db.transaction().execute((trx) => seedChunk(trx, done, size, { id: outlet.id, slug }, now));
    if (firstId === 0) firstId = ids[0]!;
    lastId = ids[ids.length - 1]!;
    if ((done + size) % 25_000 === 0 || done + size === count) log(`  seeded ${done + size} / ${count} capsules`);
  }
  // the read bench picks random ids in firstId..lastId
  if (lastId - firstId + 1 !== count) throw new Error(`seeded ids are not contiguous (${firstId}..${lastId} for ${count} capsules)`);
  // PostgreSQL's autovacuum would vacuum (the inserts pass its threshold) and analyze the new rows soon after, maybe in
  // the middle of a measured run; do it now so plans and index-only scans (visibility map) are the steady-state ones.
  if (dialect === "postgres") await sql`vacuum analyze`.execute(db);
  // SQLite: the seeding's WAL (gigabytes at a million capsules) is copied into the database file and emptied, as
  // the auto-checkpoint does in steady state; reads through a WAL that large look each page up in its index first.
  else await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const rows = count * (1 + 1 + 2 + VOTES_PER_CAPSULE);
  return { outletSlug: slug, firstId, lastId, capsules: count, rows, seconds: (performance.now() - started) / 1000 };
}
