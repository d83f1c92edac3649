import { describe, expect, it } from "vitest";
import { pageQuery } from "./pagination";

const messages = (query: Record<string, string>) => {
  const parsed = pageQuery.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

const PAGE = "page: must be a whole number from 1 to 9007199254740991 in plain decimal digits";
const LIMIT = "limit: must be a whole number from 1 to 100 in plain decimal digits";

describe("list paging parameters", () => {
  it("default to page 1 of 20 and read query strings", () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuery.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
    expect(pageQuery.parse({ page: "9007199254740991" }).page).toBe(9007199254740991);
  });

  it("refuse words, fractions and numbers out of range with one plain sentence each", () => {
    for (const limit of ["abc", "2.5", "0", "101", "1e400", ""]) expect(messages({ limit }), limit).toEqual([LIMIT]);
    for (const page of ["next", "1.5", "0", "-2", ""]) expect(messages({ page }), page).toEqual([PAGE]);
  });

  it("refuse a page past 2^53 − 1, which Number() would round to another page", () => {
    for (const page of ["9007199254740992", "9007199254740993", "99999999999999999999"]) expect(messages({ page }), page).toEqual([PAGE]);
  });

  it("refuse signs, leading zeros, exponents, hex and spaces, as every whole number in a query", () => {
    for (const text of ["+5", "05", "1e1", "0x10", " 5", "5 "]) {
      expect(messages({ page: text }), text).toEqual([PAGE]);
      expect(messages({ limit: text }), text).toEqual([LIMIT]);
    }
  });
});
