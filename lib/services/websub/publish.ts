import "server-only";
import type { Db } from "@/lib/db/database";
import { activeSubscriptionsOf, insertDeliveries } from "@/lib/db/repositories/websub.repository";
import { topicPathsOfOutlet } from "./topics";

/**
 * Queues a delivery to every active subscriber of a feed that carried one of these capsules'
 * articles: the network feeds and the outlet's feeds. A capsule whose chain never had a finalized
 * version was in no feed, so nothing is sent for it. `all`: a change too large to name its
 * capsules; every active subscription gets the current feed.
 */
export async function queueFeedChanges(db: Db, capsuleIds: number[], reason: string, options: { all?: boolean } = {}): Promise<number> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  let paths: string[];
  let carried: string[] = [];
  if (options.all) paths = ["*"];
  else {
    if (capsuleIds.length === 0) return 0;
    const rows = await db
      .selectFrom("capsules as c")
      .innerJoin("outlets as o", "o.id", "c.outlet_id")
      .select(["c.id", "c.root_capsule_id", "o.slug"])
      .where("c.id", "in", capsuleIds)
      .execute();
    const roots = [...new Set(rows.map((r) => r.root_capsule_id ?? r.id))];
    const published = roots.length === 0 ? [] : await db
      .selectFrom("capsules")
      .select(["id", "root_capsule_id"])
      .where((eb) => eb.or([eb("id", "in", roots), eb("root_capsule_id", "in", roots)]))
      .where("finalized_at", "is not", null)
      .execute();
    const publishedRoots = new Set(published.map((p) => p.root_capsule_id ?? p.id));
    const hits = rows.filter((r) => publishedRoots.has(r.root_capsule_id ?? r.id));
    carried = hits.map((r) => String(r.id));
    paths = [...new Set(hits.flatMap((r) => topicPathsOfOutlet(r.slug)))];
    if (paths.length === 0) return 0;
  }
  const subscriptions = paths[0] === "*" ? await activeSubscriptionsOf(db, [], nowSeconds, true) : await activeSubscriptionsOf(db, paths, nowSeconds);
  await insertDeliveries(db, subscriptions.map((s) => ({ subscriptionId: s.id, reason, capsuleIds: carried })), Date.now());
  return subscriptions.length;
}
