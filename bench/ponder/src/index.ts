import { ponder } from "ponder:registry";
import { activity, capsule, chainEvent, vote } from "ponder:schema";

// The same work per VoteCast as Capsule's indexer (lib/indexer/persist-events.ts and
// features/capsules/capsules.projector.ts): raw, one chain_event row; projected, also the vote row
// (a second vote of a voter on a capsule is skipped), the capsule's tally and an activity row.
const projected = process.env.PONDER_BENCH_MODE === "projected";
const seededCapsules = Number(process.env.PONDER_BENCH_CAPSULES ?? 0);
const OUTLET = "bench-ledger";
const VOTE_WEIGHT = 250n * 10n ** 18n;

ponder.on("VoteCastEmitter:setup", async ({ context }) => {
  if (!projected) return;
  // the capsules Capsule's bench seeds in SQL before its back-fill (two yes, one no each)
  const rows = Array.from({ length: seededCapsules }, (_, i) => ({ id: BigInt(i + 1), outletSlug: OUTLET, yesVotes: VOTE_WEIGHT * 2n, noVotes: VOTE_WEIGHT, updatedAt: 0n }));
  await context.db.insert(capsule).values(rows);
});

ponder.on("VoteCastEmitter:VoteCast", async ({ event, context }) => {
  const blockTime = event.block.timestamp;
  await context.db.insert(chainEvent).values({
    chainId: context.network.chainId,
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    blockTime,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    address: event.log.address,
    eventName: "VoteCast",
    argsJson: JSON.stringify({ capsuleId: event.args.capsuleId.toString(), voter: event.args.voter, support: event.args.support, weight: event.args.weight.toString() }),
  }).onConflictDoNothing();
  if (!projected) return;

  const { capsuleId, voter, support, weight } = event.args;
  const row = await context.db.find(capsule, { id: capsuleId });
  if (!row) return; // unknown capsule ids are ignored, as in Capsule's projector
  const inserted = await context.db
    .insert(vote)
    .values({ capsuleId, voter, support, weight, txHash: event.transaction.hash, logIndex: event.log.logIndex, blockTime })
    .onConflictDoNothing();
  if (!inserted) return;
  await context.db
    .update(capsule, { id: capsuleId })
    .set(support ? { yesVotes: row.yesVotes + weight, updatedAt: blockTime } : { noVotes: row.noVotes + weight, updatedAt: blockTime });
  await context.db.insert(activity).values({
    id: `${event.transaction.hash}:${event.log.logIndex}`,
    wallet: voter,
    kind: "capsule.vote_cast",
    outletSlug: row.outletSlug,
    subjectId: capsuleId.toString(),
    detailsJson: JSON.stringify({ support, weight: weight.toString() }),
    txHash: event.transaction.hash,
    createdAt: blockTime,
  });
});
