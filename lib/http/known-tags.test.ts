import { describe, expect, it } from "vitest";
import { knownTags } from "./known-tags";

const tag = (generation: string, etag = '"a"') => ({ generation, etag, cacheControl: "public, no-cache" });

describe("remembered entity tags", () => {
  it("hands a tag back only at the generation it was taken at, and forgets it once the database moved", () => {
    const tags = knownTags();
    tags.set("http://x/api/capsules/1 http://x", tag("7:1"));
    expect(tags.get("http://x/api/capsules/1 http://x", "7:1")?.etag).toBe('"a"');
    expect(tags.get("http://x/api/capsules/1 http://x", "7:2")).toBeUndefined();
    expect(tags.get("http://x/api/capsules/1 http://x", "7:1")).toBeUndefined();
    expect(tags.size()).toBe(0);
  });

  it("keeps at most its capacity, dropping the least recently used", () => {
    const tags = knownTags(2);
    tags.set("one", tag("g", '"1"'));
    tags.set("two", tag("g", '"2"'));
    expect(tags.get("one", "g")?.etag).toBe('"1"'); // used: "two" is now the oldest
    tags.set("three", tag("g", '"3"'));
    expect(tags.size()).toBe(2);
    expect(tags.get("two", "g")).toBeUndefined();
    expect(tags.get("one", "g")?.etag).toBe('"1"');
    expect(tags.get("three", "g")?.etag).toBe('"3"');
  });
});
