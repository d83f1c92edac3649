import { db } from "@/lib/db/client";
import { errorResponse } from "@/lib/http/json";
import { linkOrigin, misdirected } from "@/lib/http/public-origin";
import { atomFeed } from "@/lib/services/reader/atom-feed";

export const dynamic = "force-dynamic";

// GET /feed.xml — Atom feed of the latest finalized articles across active outlets.
export async function GET(request: Request): Promise<Response> {
  const origin = linkOrigin(request);
  if (origin === undefined) return errorResponse(misdirected());
  const xml = await atomFeed(db(), origin);
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=60" } });
}
