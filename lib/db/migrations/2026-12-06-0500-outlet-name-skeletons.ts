import type { Kysely } from "kysely";
import { nameSkeletons } from "../../outlets/name-skeleton";

// An outlet's name may not look like another's (docs/DECISIONS.md, "Outlet names' look-alike forms are stored with a
// unique index"): the forms a name is compared in are kept here, one row per form, and the primary key lets one
// outlet alone hold a form, so a new name is checked by one indexed read and two look-alikes created at once cannot
// both be stored. The forms are computed in TypeScript (NFKC, Unicode's confusables table), which SQL cannot; every
// existing outlet gets its forms, oldest first, so of outlets whose names collided before the rule the older holds
// the shared form and the newer keeps only what it does not share.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outlet_name_skeletons")
    .addColumn("skeleton", "text", (c) => c.primaryKey())
    .addColumn("outlet_id", "integer", (c) => c.notNull().references("outlets.id"))
    .execute();
  await db.schema.createIndex("outlet_name_skeletons_outlet_idx").on("outlet_name_skeletons").column("outlet_id").execute();
  const outlets = await db.selectFrom("outlets").select(["id", "name"]).orderBy("id", "asc").execute();
  for (const outlet of outlets) {
    const rows = nameSkeletons(String(outlet.name)).map((skeleton) => ({ skeleton, outlet_id: Number(outlet.id) }));
    await db.insertInto("outlet_name_skeletons").values(rows).onConflict((oc) => oc.column("skeleton").doNothing()).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outlet_name_skeletons").ifExists().execute();
}
