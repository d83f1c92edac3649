import type { Kysely } from "kysely";

// A capsule's feature image (issue 31, Ghost): a vault object named by its SHA-256, with its MIME type
// and alt text, as JSON ({contentHash, mimeType, alt}); NULL when the article has none. The manifest
// the chain commits to carries it, so the image's hash is verified with the rest.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").addColumn("feature_image_json", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").dropColumn("feature_image_json").execute();
}
