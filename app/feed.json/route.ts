import { serveFeed } from "@/features/reader/feed-route";

export const dynamic = "force-dynamic";

// GET /feed.json — JSON Feed 1.1 of the network: Elevated and Premium outlets' articles, ranked by the feed score.
export const GET = (request: Request) => serveFeed(request, "json");
