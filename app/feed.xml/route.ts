import { db } from "@/lib/db/client";
import { publicOrigin } from "@/lib/http/public-origin";
import { atomFeed } from "@/lib/services/reader/atom-feed";

export const dynamic = "force-dynamic";

// GET /feed.xml — Atom feed of the latest finalized articles across active outlets.
export async function GET(request: Request): Promise<Response> {
  const xml = await atomFeed(db(), publicOrigin(request));
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=60" } });
}
