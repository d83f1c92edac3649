import type { Db } from "@/lib/db/database";

export type SeedResult = { outletSlug: string; firstId: number; lastId: number; capsules: number };

const BATCH = 250;

/**
 * Seeds `count` finalized capsules with one evidence item, two contributors and three votes
 * each, straight into SQL (the shape the indexer's projection would leave behind).
 */
export async function seedCapsules(db: Db, count: number, log: (m: string) => void): Promise<SeedResult> {
  const now = Math.floor(Date.now() / 1000);
  const slug = `bench-${now.toString(36)}`;
  const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const outlet = await db
    .insertInto("outlets")
    .values({
      slug,
      name: "Bench Ledger",
      domain: `${slug}.example`,
      description: "seeded for npm run bench",
      metadata_uri: null,
      owner_wallet: owner,
      status: "active",
      policy_id: "default",
      verification_token: "0".repeat(64),
      verified_at: now,
      first_verified_at: now,
      last_checked_at: now,
      last_result: null,
      created_at: now,
      updated_at: now,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  let firstId = 0;
  let lastId = 0;
  const hash = (n: number, salt: string) => `0x${(salt + n.toString(16)).padStart(64, "0").slice(-64)}`;
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto("capsules")
        .values(
          Array.from({ length: size }, (_, i) => {
            const n = done + i;
            return {
              outlet_id: outlet.id,
              outlet_slug: slug,
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
              submitter: owner,
              status: "finalized" as const,
              capsule_type: "original" as const,
              policy_id: "default",
              trusted_publisher_at_submit: 0,
              window_seconds: 259200,
              approval_threshold: 60,
              quorum_threshold: 5,
              eligible_weight: "750000000000000000000",
              voucher_deadline: null,
              opens_at: now - 300000,
              closes_at: now - 40800,
              accepted_at: now - 40000,
              finalized_at: now - 40000,
              closed_at: now - 40000,
              finalized_article_id: String(n + 1),
              finalized_by: owner,
              submit_tx_hash: hash(n, "a"),
              finalize_tx_hash: hash(n, "b"),
              root_capsule_id: null,
              parent_capsule_id: null,
              revision_number: 0,
              revision_reason: null,
              change_summary_uri: null,
              revision_fee_paid: "0",
              integrity_label: "clean" as const,
              yes_votes: "500000000000000000000",
              no_votes: "250000000000000000000",
              created_at: now - 400000 + n,
              updated_at: now - 40000,
            };
          }),
        )
        .returning("id")
        .execute();
      const ids = rows.map((r) => r.id);
      if (firstId === 0) firstId = ids[0]!;
      lastId = ids[ids.length - 1]!;
      await trx
        .insertInto("capsule_evidence")
        .values(ids.map((id) => ({ capsule_id: id, uri: "https://example.org/doc.pdf", content_hash: hash(id, "e"), evidence_type: "document", mime_type: "application/pdf", is_primary: 1, label: "Tender file", submitted_by: owner, active: 1, created_at: now })))
        .execute();
      await trx
        .insertInto("capsule_contributors")
        .values(
          ids.flatMap((id) => [
            { capsule_id: id, wallet: owner, display_name: "Ana Ruiz", role: 1, contribution_type: "author", share_bps: 7000, attribution_uri: null, active: 1, created_at: now },
            { capsule_id: id, wallet: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", display_name: "Tom Hale", role: 3, contribution_type: "editor", share_bps: 3000, attribution_uri: null, active: 1, created_at: now },
          ]),
        )
        .execute();
      await trx
        .insertInto("capsule_votes")
        .values(
          ids.flatMap((id) =>
            [0, 1, 2].map((v) => ({ capsule_id: id, voter: `0x${(id * 10 + v).toString(16).padStart(40, "0")}`, support: v === 2 ? 0 : 1, weight: "250000000000000000000", tx_hash: hash(id * 10 + v, "d"), log_index: v, block_time: now - 200000 })),
          ),
        )
        .execute();
    });
    if ((done / BATCH) % 40 === 0) log(`  seeded ${done + size} / ${count} capsules`);
  }
  return { outletSlug: slug, firstId, lastId, capsules: count };
}
