import type { Served } from "@/lib/http/endpoint-route";
import { capsuleHistoryRoute, capsuleListRoute, capsuleReadRoute, capsuleVotesRoute } from "./capsule-reads";
import { outletListRoute, outletReadRoute } from "./outlet-reads";

/** Every GET whose descriptor says `conditional: true`, with its handler (the fast path's table; a test checks it is complete). */
export const conditionalReads: readonly Served[] = [capsuleReadRoute, capsuleListRoute, capsuleHistoryRoute, capsuleVotesRoute, outletReadRoute, outletListRoute];
