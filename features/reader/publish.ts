import "server-only";
import type { Db } from "@/lib/db/database";
import type { WebSubSubscriptionRow } from "@/lib/db/tables/websub.table";
import { activeSubscriptionsOf, insertDeliveries, saveTopicDigest, topicDigests } from "@/features/reader/websub.repository";
import { capsulesWithOutlet, finalizedOfChains } from "@/features/capsules/capsules.repository";
import { outletsWithPenaltiesEnded } from "@/features/court/court.repository";
import { outletTitleOf } from "@/features/outlets/outlets.repository";
import { feedDigest } from "./feeds";
import { topicOfPath, topicPathsOfOutlet } from "./topics";

// The hub's publisher: which topics a change may have touched, and of those, the ones whose feed did change. A topic
// is pushed only when its feed differs from the one last queued for it (websub_topic_digests): a Standard outlet's
// article is in no JSON Feed, an article below the network feed's 50 is in neither network feed, a correction under
// vote changes no entry, and none of these sends partners a feed with nothing new.

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function digestOfTopic(db: Db, topicUrl: string, now: number): Promise<string | undefined> {
  const url = new URL(topicUrl);
  const topic = topicOfPath(url.pathname);
  if (!topic) return undefined;
  const outlet = topic.outletSlug ? await outletTitleOf(db, topic.outletSlug) : undefined;
  return feedDigest(db, url.origin, topic.format, outlet, now);
}

type QueueOptions = {
  /** Unix seconds the feeds are built at (default now). */
  now?: number;
  /** Whether a topic with no digest yet counts as changed (default yes); a baseline records digests only. */
  pushUnknown?: boolean;
};

/**
 * Queues a delivery to every active subscription of `paths` ("*": every topic) whose topic's feed changed since it
 * was last queued, and records the new digests; answers how many deliveries were queued.
 */
export async function queueTopicChanges(db: Db, paths: string[] | "*", reason: string, carried: string[], options: QueueOptions = {}): Promise<number> {
  const now = options.now ?? nowSeconds();
  const subscriptions = paths === "*" ? await activeSubscriptionsOf(db, [], now, true) : await activeSubscriptionsOf(db, paths, now);
  if (subscriptions.length === 0) return 0;
  const byTopic = new Map<string, WebSubSubscriptionRow[]>();
  for (const s of subscriptions) byTopic.set(s.topic, [...(byTopic.get(s.topic) ?? []), s]);
  const previous = await topicDigests(db, [...byTopic.keys()]);
  const due: WebSubSubscriptionRow[] = [];
  for (const [topic, subscribers] of byTopic) {
    const digest = await digestOfTopic(db, topic, now);
    if (digest === undefined || digest === previous.get(topic)) continue;
    await saveTopicDigest(db, topic, digest, now);
    if (previous.has(topic) || (options.pushUnknown ?? true)) due.push(...subscribers);
  }
  await insertDeliveries(db, due.map((s) => ({ subscriptionId: s.id, reason, capsuleIds: carried })), Date.now());
  return due.length;
}

/**
 * Queues deliveries for the feeds that carried one of these capsules' articles (the network feeds and the outlet's)
 * and changed. A capsule whose chain never had a finalized version was in no feed, so nothing is sent for it. `all`:
 * a change too large to name its capsules; every topic with subscribers is looked at.
 */
export async function queueFeedChanges(db: Db, capsuleIds: number[], reason: string, options: { all?: boolean; now?: number } = {}): Promise<number> {
  if (options.all) return queueTopicChanges(db, "*", reason, [], options);
  if (capsuleIds.length === 0) return 0;
  const rows = await capsulesWithOutlet(db, capsuleIds);
  const roots = [...new Set(rows.map((r) => r.root_capsule_id ?? r.id))];
  const published = await finalizedOfChains(db, roots);
  const publishedRoots = new Set(published.map((p) => p.root_capsule_id ?? p.id));
  const hits = rows.filter((r) => publishedRoots.has(r.root_capsule_id ?? r.id));
  const paths = [...new Set(hits.flatMap((r) => topicPathsOfOutlet(r.slug)))];
  if (paths.length === 0) return 0;
  return queueTopicChanges(db, paths, reason, hits.map((r) => String(r.id)), options);
}

/**
 * Queues deliveries for the feeds of outlets whose court penalty ended in (from, to]: the distribution downgrade
 * lifting puts their articles back in the JSON Feeds and moves them in the network's order, with no event of its own.
 */
export async function queuePenaltyEnds(db: Db, from: number, to: number, options: { now?: number } = {}): Promise<number> {
  const slugs = await outletsWithPenaltiesEnded(db, from, to);
  if (slugs.length === 0) return 0;
  return queueTopicChanges(db, [...new Set(slugs.flatMap(topicPathsOfOutlet))], "penalty.ended", [], { now: options.now ?? to });
}
