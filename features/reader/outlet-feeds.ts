import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { outletStanding } from "@/features/distribution/outlet-report";
import { tierRank } from "@/features/distribution/penalty-downgrade";
import { feedContentType, type FeedFormat } from "./feeds";

export type OutletFeedLink = { format: FeedFormat; label: string; path: string; type: string };

/**
 * The feeds an outlet's page links and announces: the ones its feed routes answer (features/reader/feed-route.ts).
 * None while the outlet is not active; its Atom feed once it is; its JSON Feed too from the Elevated tier.
 */
export async function outletFeedLinks(db: DbOrTrx, outlet: OutletRow, now: number): Promise<OutletFeedLink[]> {
  if (outlet.status !== "active") return [];
  const link = (format: FeedFormat, label: string): OutletFeedLink => ({ format, label, path: `/outlets/${outlet.slug}/feed.${format === "atom" ? "xml" : "json"}`, type: feedContentType[format].split(";")[0]! });
  const links = [link("atom", "Atom feed")];
  if (tierRank((await outletStanding(db, outlet, now)).tier) >= tierRank("elevated")) links.push(link("json", "JSON Feed"));
  return links;
}
