import { serveFeed } from "@/features/reader/feed-route";

export const dynamic = "force-dynamic";

// GET /feed.xml — Atom feed of the network: finalized articles of active outlets, ranked by the feed score.
export const GET = (request: Request) => serveFeed(request, "atom");
