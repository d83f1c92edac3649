import { serveFeed } from "@/features/reader/feed-route";

export const dynamic = "force-dynamic";

// GET /outlets/:slug/feed.xml — Atom feed of one outlet's published articles, newest first.
export const GET = async (request: Request, { params }: { params: Promise<{ slug: string }> }) => serveFeed(request, "atom", (await params).slug);
