import { getAddress } from "viem";
import type { Trx } from "@/lib/db/database";
import type { CapsuleRow, CapsuleUpdate } from "@/lib/db/tables/capsules.table";
import { findCapsule, findVoteTargets, labelChain, setTallies, updateCapsule } from "@/features/capsules/capsules.repository";
import { insertVotesIfAbsent } from "@/features/capsules/capsules-parts.repository";
import { deleteChainActivity, insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import { SUBMISSION_FEE_WEI } from "@/lib/chain/fee-split";
import { cidV1FromSha256 } from "@/features/capsules/content-id";
import { getOutletByIdOrThrow } from "@/features/outlets/outlets.repository";
import { outletTierAt } from "@/features/distribution/distribution-inputs";
import { isPostgres } from "@/lib/db/bulk-insert";
import { eventKind, type IndexedEvent, type ProjectionReset, type Projector } from "@/lib/indexer/projector";
import { projectVotesPostgres } from "./votes-postgres.projector";

// ArticleRegistry and CapsuleAcceptance events → the capsule lifecycle in SQL. Runs once per newly
// indexed event, in block order, inside the indexer's transaction; every value comes from the event.

/** Activity kinds this projector writes (and a rebuild removes before replaying). */
const projectedKinds = { submitted: "capsule.submitted", voteCast: "capsule.vote_cast", finalized: "capsule.finalized", rejected: "capsule.rejected" } as const;
/** Labels this projector derives from the chain; any other label comes from the court and survives a rebuild. */
const chainLabels = ["corrected", "retracted_by_author"] as const;

const idOf = (event: IndexedEvent) => Number(event.args.capsuleId);
const rootOf = (row: CapsuleRow) => row.root_capsule_id ?? row.id;

function activity(event: IndexedEvent, row: Pick<CapsuleRow, "id" | "outlet_slug">, wallet: string, kind: string, details: Record<string, unknown> = {}): ActivityEntry {
  return { wallet, kind, outletSlug: row.outlet_slug, subjectId: String(row.id), details, txHash: event.txHash, createdAt: event.blockTime };
}

const set = (trx: Trx, row: CapsuleRow, event: IndexedEvent, changes: CapsuleUpdate) => updateCapsule(trx, row.id, { ...changes, updated_at: event.blockTime });

/** The outlet's tier at the submission block, from what the projection held by then (a rebuild computes the same). */
async function trustedAt(trx: Trx, row: CapsuleRow, blockTime: number): Promise<number> {
  const tier = (await outletTierAt(trx, await getOutletByIdOrThrow(trx, row.outlet_id), blockTime)).tier;
  return tier === "elevated" || tier === "premium" ? 1 : 0;
}

async function onSubmitted(trx: Trx, event: IndexedEvent, row: CapsuleRow) {
  const window = row.window_seconds ?? 0;
  await set(trx, row, event, {
    status: "pending",
    trusted_publisher_at_submit: await trustedAt(trx, row, event.blockTime),
    opens_at: row.opens_at ?? event.blockTime,
    closes_at: row.closes_at ?? event.blockTime + window,
    submit_tx_hash: event.txHash,
    voucher_deadline: null,
    revision_fee_paid: row.revision_number > 0 ? SUBMISSION_FEE_WEI.toString() : "0",
  });
  if ((row.capsule_type === "correction" || row.capsule_type === "retraction") && row.parent_capsule_id !== null) {
    const parent = await findCapsule(trx, row.parent_capsule_id);
    if (parent?.status === "finalized") await set(trx, parent, event, { status: "superseded" });
  }
  await insertActivity(trx, [activity(event, row, row.submitter, projectedKinds.submitted, { capsuleType: row.capsule_type })]);
}

/**
 * VoteCast events, in chain order, in bulk (PostgreSQL: one statement, votes-postgres.ts): one insert for the vote rows (a vote already recorded
 * is skipped), one tally update per few hundred capsules, one insert for the activity. The tallies add to the
 * values read with the rows, so they stay exact whatever was projected before.
 */
async function onVotes(trx: Trx, events: IndexedEvent[]) {
  if (isPostgres(trx)) return projectVotesPostgres(trx, events, projectedKinds.voteCast);
  const rows = new Map((await findVoteTargets(trx, [...new Set(events.map(idOf))])).map((row) => [row.id, row]));
  const votes = events.flatMap((event) => {
    const row = rows.get(idOf(event));
    if (!row) return [];
    // event addresses come checksummed from decodeSourceLog (and are stored so): no second keccak per vote
    return [{ event, row, voter: String(event.args.voter), support: event.args.support === true, weight: String(event.args.weight) }];
  });
  const inserted = await insertVotesIfAbsent(
    trx,
    votes.map((v) => ({ capsule_id: v.row.id, voter: v.voter, support: v.support ? 1 : 0, weight: v.weight, tx_hash: v.event.txHash, log_index: v.event.logIndex, block_time: v.event.blockTime })),
  );
  const tallies = new Map<number, { yes: bigint; no: bigint; at: number }>();
  const entries: ActivityEntry[] = [];
  for (const vote of votes) {
    // delete: of two logs for one voter and capsule only the first was inserted, and counts.
    if (!inserted.delete(`${vote.row.id}:${vote.voter}`)) continue;
    const tally = tallies.get(vote.row.id) ?? { yes: BigInt(vote.row.yes_votes), no: BigInt(vote.row.no_votes), at: vote.event.blockTime };
    if (vote.support) tally.yes += BigInt(vote.weight);
    else tally.no += BigInt(vote.weight);
    tally.at = vote.event.blockTime;
    tallies.set(vote.row.id, tally);
    entries.push(activity(vote.event, vote.row, vote.voter, projectedKinds.voteCast, { support: vote.support, weight: vote.weight }));
  }
  await setTallies(trx, [...tallies].map(([id, tally]) => ({ id, yes: tally.yes.toString(), no: tally.no.toString(), at: tally.at })));
  await insertActivity(trx, entries);
}

async function onFinalized(trx: Trx, event: IndexedEvent, row: CapsuleRow) {
  const finalizedBy = getAddress(String(event.args.finalizedBy));
  await set(trx, row, event, {
    status: "finalized",
    finalized_at: event.blockTime,
    closed_at: event.blockTime,
    accepted_at: row.accepted_at ?? event.blockTime,
    finalized_article_id: String(event.args.articleId),
    finalized_by: finalizedBy,
    finalize_tx_hash: event.txHash,
  });
  if (row.capsule_type === "correction") await labelChain(trx, rootOf(row), "corrected", event.blockTime);
  if (row.capsule_type === "retraction") await labelChain(trx, rootOf(row), "retracted_by_author", event.blockTime);
  const entries = [activity(event, row, row.submitter, projectedKinds.finalized, { articleId: String(event.args.articleId), finalizedBy })];
  if (finalizedBy !== row.submitter) entries.push(activity(event, row, finalizedBy, projectedKinds.finalized, { articleId: String(event.args.articleId), finalizedBy }));
  await insertActivity(trx, entries);
}

const handlers: Record<string, (trx: Trx, event: IndexedEvent, row: CapsuleRow) => Promise<void>> = {
  "articleRegistry:CapsuleSubmitted": onSubmitted,
  "capsuleAcceptance:VotingOpened": async (trx, event, row) => {
    await set(trx, row, event, { opens_at: Number(event.args.opensAt), closes_at: Number(event.args.closesAt), eligible_weight: String(event.args.eligibleWeight), snapshot_block: Number(event.args.snapshotBlock) });
  },
  "capsuleAcceptance:VoteCast": (trx, event) => onVotes(trx, [event]),
  "articleRegistry:CapsuleSuperseded": async (trx, event, row) => {
    if (row.status === "finalized") await set(trx, row, event, { status: "superseded" });
  },
  "articleRegistry:CapsuleAccepted": async (trx, event, row) => {
    await set(trx, row, event, { status: "accepted", accepted_at: Number(event.args.acceptedAt) });
  },
  "articleRegistry:CapsuleFinalized": onFinalized,
  // the manifest's CID is a function of its SHA-256, so the metadataURI the chain committed to is known from the event
  "articleRegistry:ManifestCommitted": async (trx, event, row) => {
    const manifestHash = String(event.args.manifestHash).toLowerCase();
    await set(trx, row, event, { manifest_hash: manifestHash, evidence_root: String(event.args.evidenceRoot).toLowerCase(), metadata_uri: `ipfs://${cidV1FromSha256(manifestHash)}` });
  },
  "articleRegistry:CapsuleRejected": async (trx, event, row) => {
    await set(trx, row, event, { status: "rejected", closed_at: event.blockTime, finalize_tx_hash: event.txHash });
    await insertActivity(trx, [activity(event, row, row.submitter, projectedKinds.rejected, { yes: String(event.args.yes), no: String(event.args.no) })]);
  },
};

/** Capsule lifecycle events → capsules, capsule_votes and activity rows. Unknown capsule ids are ignored. */
export const projectCapsules: Projector = Object.assign(
  async (trx: Trx, event: IndexedEvent) => {
    const handler = handlers[eventKind(event)];
    if (!handler || event.args.capsuleId === undefined) return;
    const row = await findCapsule(trx, idOf(event));
    if (!row) return;
    await handler(trx, event, row);
  },
  { runs: { "capsuleAcceptance:VoteCast": onVotes } },
);

/**
 * Before a rebuild replays the chain: every submitted capsule goes back to the draft it was in
 * SQL before its CapsuleSubmitted (drafts, withdrawn drafts and the bridge's own columns stay),
 * votes and chain-derived activity are removed, and labels derived from finalized corrections or
 * retractions are cleared. Court labels (bridge-written truth) are put back after the replay,
 * with the updated_at they had, because replaying an older correction would overwrite them.
 */
export const resetCapsuleProjection: ProjectionReset = async (trx) => {
  await trx.deleteFrom("capsule_votes").execute();
  await deleteChainActivity(trx, Object.values(projectedKinds));
  await trx
    .updateTable("capsules")
    .set({
      status: "draft",
      opens_at: null,
      closes_at: null,
      snapshot_block: null,
      manifest_hash: null,
      evidence_root: null,
      accepted_at: null,
      finalized_at: null,
      closed_at: null,
      finalized_article_id: null,
      finalized_by: null,
      submit_tx_hash: null,
      finalize_tx_hash: null,
      trusted_publisher_at_submit: 0,
      revision_fee_paid: "0",
      yes_votes: "0",
      no_votes: "0",
    })
    .where("submit_tx_hash", "is not", null)
    .execute();
  const courtLabelled = await trx
    .selectFrom("capsules")
    .select(["id", "integrity_label", "updated_at"])
    .where("integrity_label", "not in", ["clean", ...chainLabels])
    .execute();
  await trx.updateTable("capsules").set({ integrity_label: "clean" }).where("integrity_label", "in", [...chainLabels]).execute();
  return async (after) => {
    for (const row of courtLabelled) {
      await after.updateTable("capsules").set({ integrity_label: row.integrity_label, updated_at: row.updated_at }).where("id", "=", row.id).execute();
    }
  };
};
