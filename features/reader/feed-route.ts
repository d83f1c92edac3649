import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/json";
import { linkOrigin, misdirected } from "@/lib/http/public-origin";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { outletStanding } from "@/features/distribution/outlet-report";
import { tierRank } from "@/features/distribution/penalty-downgrade";
import { FEED_PAGES, feedContentType, feedPageOf, renderFeedPage, type FeedFormat } from "./feeds";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";

const notFound = (slug: string) => errorResponse(new AppError("OUTLET_NOT_FOUND", `No outlet is registered as "${slug}"`));

/** GET /feed.xml, /feed.json, /outlets/:slug/feed.xml and /outlets/:slug/feed.json, each `?page=2..FEED_PAGES` too (404 past the last entry). */
export async function serveFeed(request: Request, format: FeedFormat, slug?: string): Promise<Response> {
  const origin = linkOrigin(request);
  if (origin === undefined) return errorResponse(misdirected());
  const page = feedPageOf(new URL(request.url).searchParams);
  if (page === undefined) {
    const message = `must be one whole number from 1 to ${FEED_PAGES} in plain decimal digits (a feed has at most ${FEED_PAGES} pages)`;
    return errorResponse(new AppError("VALIDATION_ERROR", `page ${message}`, { issues: [{ path: "page", message }] }));
  }
  const database = db();
  const now = Math.floor(Date.now() / 1000);
  let outlet: { slug: string; name: string } | undefined;
  if (slug !== undefined) {
    if (!ZSlug.safeParse(slug).success) return notFound(slug);
    const row = await findOutletBySlug(database, slug);
    if (!row) return notFound(slug);
    // the tier of an outlet that is not active is none: no channel is open, as its channel report says
    if (row.status !== "active") {
      return errorResponse(new AppError("FORBIDDEN", `${row.name} is ${row.status}, so its feeds are closed: they open once its domain is verified. Its published articles stay readable at their own addresses.`));
    }
    if (format === "json") {
      const standing = await outletStanding(database, row, now);
      if (tierRank(standing.tier) < tierRank("elevated")) {
        return errorResponse(new AppError("FORBIDDEN", `${row.name} has no JSON Feed: JSON Feed is a channel of the Elevated and Premium tiers, and the outlet's tier is ${standing.tier}. Its Atom feed is at /outlets/${row.slug}/feed.xml.`));
      }
    }
    outlet = { slug: row.slug, name: row.name };
  }
  const body = await renderFeedPage(database, origin, format, outlet, now, page);
  if (body === undefined) {
    return errorResponse(new AppError("NOT_FOUND", `Page ${page} of this feed is past its last entry; follow the feed's next links from page 1`));
  }
  return new Response(body, { headers: { "content-type": feedContentType[format], "cache-control": "public, max-age=60" } });
}
