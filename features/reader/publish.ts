import "server-only";
import type { Db } from "@/lib/db/database";
import { activeSubscriptionsOf, insertDeliveries } from "@/features/reader/websub.repository";
import { capsulesWithOutlet, finalizedOfChains } from "@/features/capsules/capsules.repository";
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
    const rows = await capsulesWithOutlet(db, capsuleIds);
    const roots = [...new Set(rows.map((r) => r.root_capsule_id ?? r.id))];
    const published = await finalizedOfChains(db, roots);
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
