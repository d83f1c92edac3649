import { describe, expect, it } from "vitest";
import type { TVoteItem } from "@/lib/schemas/vote-item";
import { withPushedVotes } from "./pushed-votes";

// A cached page of GET /api/capsules/:id/votes takes a pushed change's voter rows only when they
// provably continue it; otherwise the page reads the list again (undefined).

const vote = (n: number): TVoteItem => ({
  voter: `0x${n.toString(16).padStart(40, "0")}`,
  displayName: n % 2 === 0 ? `Editor ${n}` : null,
  support: n % 2 === 0,
  weight: String(100 * n),
  txHash: `0x${n.toString(16).padStart(64, "0")}`,
  blockTime: String(1_800_000_000 + n),
  reason: null,
});
const votes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => vote(from + i));
const page = (items: TVoteItem[], total: number, options: { page?: number; limit?: number } = {}) => {
  const p = options.page ?? 1;
  const limit = options.limit ?? 50;
  return { ok: true, capsuleId: "7", items, page: p, limit, total, hasMore: (p - 1) * limit + items.length < total, capsule: { id: "7" } };
};

describe("withPushedVotes", () => {
  it("appends the new rows to the last page, with the new count", () => {
    const patched = withPushedVotes(page(votes(1, 2), 2), { capsuleId: "7", total: 3, latest: votes(1, 3) });
    expect(patched).toEqual(page(votes(1, 3), 3));
  });

  it("appends two rows of one change, and starts an empty list", () => {
    expect(withPushedVotes(page(votes(1, 4), 4), { capsuleId: "7", total: 6, latest: votes(4, 6) })).toEqual(page(votes(1, 6), 6));
    expect(withPushedVotes(page([], 0), { capsuleId: "7", total: 1, latest: [vote(1)] })).toEqual(page([vote(1)], 1));
  });

  it("fills a page to its limit and says there is more", () => {
    const patched = withPushedVotes(page(votes(1, 2), 2, { limit: 3 }), { capsuleId: "7", total: 4, latest: votes(2, 4) });
    expect(patched).toMatchObject({ items: votes(1, 3), total: 4, hasMore: true });
  });

  it("moves only the count of a full page before the last", () => {
    const patched = withPushedVotes(page(votes(1, 2), 5, { limit: 2 }), { capsuleId: "7", total: 6, latest: votes(4, 6) });
    expect(patched).toMatchObject({ items: votes(1, 2), total: 6, hasMore: true });
    // the next page, empty but at the end, takes the row
    expect(withPushedVotes(page([], 2, { page: 2, limit: 2 }), { capsuleId: "7", total: 3, latest: votes(1, 3) })).toMatchObject({ items: [vote(3)], total: 3, hasMore: false });
  });

  it("leaves a page read after the change as it is", () => {
    const read = page(votes(1, 3), 3);
    expect(withPushedVotes(read, { capsuleId: "7", total: 3, latest: votes(1, 3) })).toBe(read);
  });

  it("reads again when the rows do not continue the page", () => {
    // a gap: more new votes than rows pushed
    expect(withPushedVotes(page(votes(1, 2), 2), { capsuleId: "7", total: 6, latest: votes(4, 6) })).toBeUndefined();
    // the row before the new ones is not the page's last
    expect(withPushedVotes(page([vote(1), vote(9)], 2), { capsuleId: "7", total: 3, latest: votes(1, 3) })).toBeUndefined();
    // a new row the page already holds
    expect(withPushedVotes(page([vote(1), vote(3)], 2), { capsuleId: "7", total: 3, latest: [vote(3)] })).toBeUndefined();
    // fewer votes than the page counted (only a rewind does that, and it is pushed as "everything")
    expect(withPushedVotes(page(votes(1, 3), 3), { capsuleId: "7", total: 2, latest: votes(1, 2) })).toBeUndefined();
    // a page past the end, a short page that is not the last, another capsule's list, not a list
    expect(withPushedVotes(page([], 2, { page: 3, limit: 2 }), { capsuleId: "7", total: 3, latest: votes(1, 3) })).toBeUndefined();
    expect(withPushedVotes(page([vote(1)], 3, { limit: 2 }), { capsuleId: "7", total: 4, latest: votes(2, 4) })).toBeUndefined();
    expect(withPushedVotes(page(votes(1, 2), 2), { capsuleId: "8", total: 3, latest: votes(1, 3) })).toBeUndefined();
    expect(withPushedVotes({ capsule: { id: "7" } }, { capsuleId: "7", total: 1, latest: [vote(1)] })).toBeUndefined();
  });
});
