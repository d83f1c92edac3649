import { ZLiveEvent } from "@/lib/live/live-event";
import { PUBLIC_BRIDGE_CHANGES } from "@/lib/live/public-changes";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/live
export const liveStream = defineEndpoint({
  id: "live.stream",
  method: "GET",
  path: "/api/live",
  summary: "Server-Sent Events: every committed change of the indexed projection, with its block time",
  description:
    "Pages follow votes, window closing, finalization, court cases and inbox entries from this one stream instead of polling. The first event is `hello` (the current block); then one `change` per committed indexer batch or public bridge change. A comment line every 20 s keeps proxies from closing an idle stream. Events name capsule ids, wallets and case ids; a change holding votes also carries the new tallies of the named public capsules (`tallies`, the fields of the capsule read). Read any other data through the routes. The stream is public: it carries the chain's events and the bridge's public writes (" +
    PUBLIC_BRIDGE_CHANGES.map((what) => `\`bridge:${what}\``).join(", ") +
    "), never a pending role offer or a wallet's inbox read mark.",
  response: ZLiveEvent,
  produces: "event-stream",
  rateLimit: ["public-get"],
  errors: ["RATE_LIMITED"],
});
