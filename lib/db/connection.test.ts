import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./connection";

describe("the SQLite statement cache", () => {
  it("hands back the prepared statement for SQL it has seen, and forgets the least recently used", () => {
    const sqlite = new Database(":memory:");
    const cache = withStatementCache(sqlite, 2);
    const one = cache.prepare("select 1 as n");
    expect(cache.prepare("select 1 as n")).toBe(one);
    const two = cache.prepare("select 2 as n");
    cache.prepare("select 1 as n"); // most recently used again
    cache.prepare("select 3 as n"); // evicts "select 2"
    expect(cache.prepare("select 1 as n")).toBe(one);
    expect(cache.prepare("select 2 as n")).not.toBe(two);
    expect(cache.prepare("select 2 as n").all([])).toEqual([{ n: 2 }]);
    cache.close();
  });
});
