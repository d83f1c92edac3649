import type { ChannelCounts } from "@/features/reader/websub.repository";
import { tierRank, type Tier } from "./penalty-downgrade";

// An outlet's channels and their status (issue 29 item 6): what its tier opens, and how the
// WebSub push to its subscribers is doing.

export type Channel = {
  channel: "atom" | "json_feed" | "websub";
  /** The feed (or hub) path on this service. */
  path: string;
  status: "on" | "off";
  /** Why a channel is off. */
  note: string | null;
};

export function outletChannels(slug: string, tier: Tier, counts: ChannelCounts) {
  const elevated = tierRank(tier) >= tierRank("elevated");
  const needsElevated = "opens at the Elevated tier";
  const channels: Channel[] = [
    { channel: "atom", path: `/outlets/${slug}/feed.xml`, status: tier === "none" ? "off" : "on", note: tier === "none" ? "opens once the outlet is active" : null },
    { channel: "json_feed", path: `/outlets/${slug}/feed.json`, status: elevated ? "on" : "off", note: elevated ? null : needsElevated },
    { channel: "websub", path: "/websub", status: elevated ? "on" : "off", note: elevated ? null : needsElevated },
  ];
  return {
    items: channels,
    websub: {
      subscribers: counts.subscribers,
      deliveries: counts.deliveries,
      lastDeliveredAt: counts.lastDeliveredAtMs === null ? null : String(Math.floor(counts.lastDeliveredAtMs / 1000)),
      lastError: counts.lastError,
    },
  };
}
