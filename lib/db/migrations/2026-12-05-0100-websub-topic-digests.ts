import type { Kysely } from "kysely";

// The WebSub hub pushes a topic only when its content changed (docs/DECISIONS.md, "WebSub pushes a feed only when it
// changed"): per topic URL, the digest of the feed it last queued for its subscribers.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("websub_topic_digests")
    .addColumn("topic", "text", (c) => c.primaryKey())
    .addColumn("digest", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("websub_topic_digests").ifExists().execute();
}
