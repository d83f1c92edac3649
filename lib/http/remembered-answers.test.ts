import { describe, expect, it } from "vitest";
import { rememberedAnswers } from "./remembered-answers";

const answer = (generation: string, etag = '"a"', body: string | undefined = "{}") => ({ generation, etag, cacheControl: "public, no-cache", status: 200, body });

describe("remembered answers", () => {
  it("hands an answer back only at the generation it was read at, and forgets it once the database moved", () => {
    const answers = rememberedAnswers();
    answers.set("http://x/api/capsules/1 http://x", answer("7:1"));
    expect(answers.get("http://x/api/capsules/1 http://x", "7:1")?.etag).toBe('"a"');
    expect(answers.get("http://x/api/capsules/1 http://x", "7:2")).toBeUndefined();
    expect(answers.get("http://x/api/capsules/1 http://x", "7:1")).toBeUndefined();
    expect(answers.size()).toEqual({ entries: 0, bodyChars: 0 });
  });

  it("keeps at most its number of entries, dropping the least recently used", () => {
    const answers = rememberedAnswers({ entries: 2 });
    answers.set("one", answer("g", '"1"'));
    answers.set("two", answer("g", '"2"'));
    expect(answers.get("one", "g")?.etag).toBe('"1"'); // used: "two" is now the oldest
    answers.set("three", answer("g", '"3"'));
    expect(answers.size().entries).toBe(2);
    expect(answers.get("two", "g")).toBeUndefined();
    expect(answers.get("one", "g")?.etag).toBe('"1"');
    expect(answers.get("three", "g")?.etag).toBe('"3"');
  });

  it("bounds the bodies it keeps: a large one keeps only its tag, and the oldest go when the total is reached", () => {
    const answers = rememberedAnswers({ bodyChars: 25, bodyCharsEach: 12 });
    answers.set("large", answer("g", '"L"', "x".repeat(13)));
    expect(answers.get("large", "g")).toMatchObject({ etag: '"L"', body: undefined });
    answers.set("a", answer("g", '"a"', "a".repeat(10)));
    answers.set("b", answer("g", '"b"', "b".repeat(10)));
    expect(answers.size()).toEqual({ entries: 3, bodyChars: 20 });
    answers.set("c", answer("g", '"c"', "c".repeat(10))); // 30 > 25: the least recently used go until it fits
    expect(answers.size().bodyChars).toBeLessThanOrEqual(25);
    expect(answers.get("c", "g")?.body).toBe("c".repeat(10));
    expect(answers.get("a", "g")).toBeUndefined();
    // replacing an entry does not count its old body twice
    answers.set("c", answer("g", '"c2"', "d".repeat(10)));
    expect(answers.size().bodyChars).toBe(20);
  });

  it("gives each answer up at its own expiry, whatever the generation, and drops expired ones when storing", () => {
    const answers = rememberedAnswers();
    answers.set("early", { ...answer("g", '"e"'), expiresAt: 12_000 }, 10_000);
    answers.set("late", { ...answer("g", '"l"'), expiresAt: 13_000 }, 11_000);
    expect(answers.get("early", "g", 11_999)?.etag).toBe('"e"');
    // one after the other, not together: "late" still answers when "early" is gone
    expect(answers.get("early", "g", 12_000)).toBeUndefined();
    expect(answers.get("late", "g", 12_000)?.etag).toBe('"l"');
    answers.set("unused", { ...answer("g", '"u"'), expiresAt: 14_000 }, 12_000);
    answers.set("kept", answer("g", '"k"'), 12_500);
    // storing at 14,000: the expired answers at the least recently used end are dropped, not kept until the bounds push them out
    answers.set("new", { ...answer("g", '"n"'), expiresAt: 16_000 }, 14_000);
    expect(answers.size().entries).toBe(2);
    expect(answers.get("kept", "g", 14_000)?.etag).toBe('"k"');
    expect(answers.get("new", "g", 14_000)?.etag).toBe('"n"');
  });

  it("keeps the body it had when a tag-only answer with the same tag replaces it, never across tags", () => {
    const answers = rememberedAnswers();
    answers.set("k", { ...answer("g1", '"same"', '{"a":1}'), expiresAt: 2_000 }, 0);
    // a rebuild that only answered a 304: same tag, so the body it would have built is the one kept
    answers.set("k", { ...answer("g1", '"same"'), body: undefined, expiresAt: 4_000 }, 1_500);
    expect(answers.get("k", "g1", 3_000)).toMatchObject({ body: '{"a":1}', expiresAt: 4_000 });
    expect(answers.size().bodyChars).toBe(7);
    answers.set("k", { ...answer("g1", '"other"'), body: undefined, expiresAt: 6_000 }, 3_500);
    expect(answers.get("k", "g1", 3_600)).toMatchObject({ etag: '"other"', body: undefined });
    expect(answers.size().bodyChars).toBe(0);
  });
});
