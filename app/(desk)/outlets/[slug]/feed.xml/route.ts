import { db } from "@/lib/db/client";
import { errorResponse } from "@/lib/http/json";
import { linkOrigin, misdirected } from "@/lib/http/public-origin";
import { ZSlug } from "@/lib/schemas/outlets";
import { atomFeed } from "@/lib/services/reader/atom-feed";

export const dynamic = "force-dynamic";

const notFound = (slug: string) =>
  Response.json({ ok: false, error: "OUTLET_NOT_FOUND", message: `No outlet is registered as "${slug}"`, statusCode: 404 }, { status: 404 });

// GET /outlets/:slug/feed.xml — Atom feed of one outlet's published articles.
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  if (!ZSlug.safeParse(slug).success) return notFound(slug);
  const outlet = await db().selectFrom("outlets").select(["slug", "name"]).where("slug", "=", slug).executeTakeFirst();
  if (!outlet) return notFound(slug);
  const origin = linkOrigin(request);
  if (origin === undefined) return errorResponse(misdirected());
  const xml = await atomFeed(db(), origin, outlet);
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=60" } });
}
