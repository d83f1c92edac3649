import { onchainTable, primaryKey } from "ponder";

// The rows Capsule's indexer writes for a VoteCast: chain_events (raw), and projected also
// capsule_votes, the capsule's yes/no sums and an activity row.
export const chainEvent = onchainTable(
  "chain_event",
  (t) => ({
    chainId: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    blockHash: t.hex().notNull(),
    blockTime: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    address: t.hex().notNull(),
    eventName: t.text().notNull(),
    argsJson: t.text().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }) }),
);

export const capsule = onchainTable("capsule", (t) => ({
  id: t.bigint().primaryKey(),
  outletSlug: t.text().notNull(),
  yesVotes: t.bigint().notNull(),
  noVotes: t.bigint().notNull(),
  updatedAt: t.bigint().notNull(),
}));

export const vote = onchainTable(
  "vote",
  (t) => ({
    capsuleId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    support: t.boolean().notNull(),
    weight: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    blockTime: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.capsuleId, table.voter] }) }),
);

export const activity = onchainTable("activity", (t) => ({
  id: t.text().primaryKey(),
  wallet: t.hex().notNull(),
  kind: t.text().notNull(),
  outletSlug: t.text().notNull(),
  subjectId: t.text().notNull(),
  detailsJson: t.text().notNull(),
  txHash: t.hex().notNull(),
  createdAt: t.bigint().notNull(),
}));
