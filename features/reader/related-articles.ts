import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { isPublished } from "./reader-chain";
import { supportingRelations } from "@/features/reader/reader.repository";

// The capsules an article is linked with (capsule_supporting), for readers: the ones it supports,
// cites, extends… ("out") and the ones that cite it ("in"). Only published capsules are shown.

export type RelatedArticle = { capsuleId: string; title: string; relationshipType: string; direction: "out" | "in" };

export async function relatedArticles(db: DbOrTrx, capsuleId: number): Promise<RelatedArticle[]> {
  const [outgoing, incoming] = await Promise.all([supportingRelations(db, capsuleId, "out"), supportingRelations(db, capsuleId, "in")]);
  const shown = (rows: typeof outgoing, direction: "out" | "in") =>
    rows.filter(isPublished).map((row) => ({ capsuleId: String(row.id), title: row.title, relationshipType: row.relationshipType, direction }));
  return [...shown(outgoing, "out"), ...shown(incoming, "in")];
}
