// Which writes can change what a remembered answer was built from (lib/http/remembered-answers.ts),
// on both dialects: SQLite's generation (lib/db/connection.ts) and PostgreSQL's (lib/db/postgres-generation.ts).

/**
 * Tables no remembered answer is built from (remembered answers are capsule, list, history and vote reads):
 * a write to one of them leaves every remembered answer right. A statement is judged by the table it
 * writes, named right after its verb; anything else (another table, a CTE, a statement of another shape)
 * counts as a change, and so do transaction statements, which change nothing but are cheap to count.
 */
const UNRELATED_TABLES = new Set([
  "rate_limit_counters",
  "chain_checkpoints",
  "chain_blocks",
  "chain_reorgs",
  "auth_nonces",
  "auth_sessions",
  "auth_siwe_nonces",
  "websub_subscriptions",
  "websub_deliveries",
  "websub_topic_digests",
  "partner_webhooks",
  "partner_events",
  "partner_deliveries",
  "ad_impressions",
  "ad_reader_keys",
  "inbox_reads",
  "role_offers",
  "outlet_ownership_offers",
]);
const WRITE_TARGET = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** Whether a write statement may change what a remembered answer was built from. */
export function writeMovesAnswers(sqlText: string): boolean {
  const target = WRITE_TARGET.exec(sqlText)?.[1];
  return target === undefined || !UNRELATED_TABLES.has(target.toLowerCase());
}
