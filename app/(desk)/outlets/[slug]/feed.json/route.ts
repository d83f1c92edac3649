import { serveFeed } from "@/features/reader/feed-route";

export const dynamic = "force-dynamic";

// GET /outlets/:slug/feed.json — JSON Feed 1.1 of an Elevated or Premium outlet's published articles, newest first.
export const GET = async (request: Request, { params }: { params: Promise<{ slug: string }> }) => serveFeed(request, "json", (await params).slug);
