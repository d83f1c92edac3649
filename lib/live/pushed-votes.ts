import type { PushedVotes } from "./live-event";
import type { TVoteItem } from "@/lib/schemas/vote-item";

// A page's cached vote list takes the voter rows a pushed change carries instead of being read again
// (docs/DECISIONS.md, "Voter rows in the pushed change"). Only when the rows provably continue what the
// page holds; anything else (a gap, a page past the end, rows it already has) answers undefined and
// the page reads the list. Client-safe, pure.

type VoteList = { capsuleId: string; items: TVoteItem[]; page: number; limit: number; total: number; hasMore: boolean };

const isVoteList = (data: unknown): data is VoteList =>
  typeof data === "object" &&
  data !== null &&
  "capsuleId" in data &&
  "items" in data &&
  Array.isArray(data.items) &&
  "page" in data &&
  typeof data.page === "number" &&
  "limit" in data &&
  typeof data.limit === "number" &&
  "total" in data &&
  typeof data.total === "number";

const sameVote = (a: TVoteItem, b: TVoteItem) => a.txHash === b.txHash && a.voter.toLowerCase() === b.voter.toLowerCase();

/** `data` (a page of GET /api/capsules/:id/votes) with the pushed votes in it, or undefined when only a read can say. */
export function withPushedVotes<T>(data: T, pushed: PushedVotes): T | undefined {
  if (!isVoteList(data) || data.capsuleId !== pushed.capsuleId) return undefined;
  const added = pushed.total - data.total;
  // the page was read after the change committed: it holds these votes already
  if (added === 0) return data;
  if (added < 0 || added > pushed.latest.length) return undefined;
  const offset = (data.page - 1) * data.limit;
  const held = offset + data.items.length;
  // a page before the last one: its rows stay, only the count moves
  if (held < data.total) return data.items.length === data.limit ? { ...data, total: pushed.total, hasMore: true } : undefined;
  if (held > data.total) return undefined;
  const fresh = pushed.latest.slice(pushed.latest.length - added);
  // the row the pushed ones follow must be the page's last (a page that starts at the new rows has none to check)
  const before = pushed.latest[pushed.latest.length - added - 1];
  const last = data.items[data.items.length - 1];
  if (before && last && !sameVote(before, last)) return undefined;
  if (fresh.some((vote) => data.items.some((item) => sameVote(item, vote)))) return undefined;
  const items = [...data.items, ...fresh.slice(0, data.limit - data.items.length)];
  return { ...data, items, total: pushed.total, hasMore: offset + items.length < pushed.total };
}
