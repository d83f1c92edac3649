import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { isPublished } from "./reader-chain";

// The capsules an article is linked with (capsule_supporting), for readers: the ones it supports,
// cites, extends… ("out") and the ones that cite it ("in"). Only published capsules are shown.

export type RelatedArticle = { capsuleId: string; title: string; relationshipType: string; direction: "out" | "in" };

export async function relatedArticles(db: DbOrTrx, capsuleId: number): Promise<RelatedArticle[]> {
  const [outgoing, incoming] = await Promise.all([
    db
      .selectFrom("capsule_supporting as s")
      .innerJoin("capsules as c", "c.id", "s.supporting_capsule_id")
      .where("s.capsule_id", "=", capsuleId)
      .select(["c.id as id", "c.title as title", "c.status as status", "c.finalized_at as finalized_at", "s.relationship_type as relationshipType"])
      .orderBy("s.id")
      .execute(),
    db
      .selectFrom("capsule_supporting as s")
      .innerJoin("capsules as c", "c.id", "s.capsule_id")
      .where("s.supporting_capsule_id", "=", capsuleId)
      .select(["c.id as id", "c.title as title", "c.status as status", "c.finalized_at as finalized_at", "s.relationship_type as relationshipType"])
      .orderBy("s.id")
      .execute(),
  ]);
  const shown = (rows: typeof outgoing, direction: "out" | "in") =>
    rows.filter(isPublished).map((row) => ({ capsuleId: String(row.id), title: row.title, relationshipType: row.relationshipType, direction }));
  return [...shown(outgoing, "out"), ...shown(incoming, "in")];
}
