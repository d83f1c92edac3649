import { describe, expect, it } from "vitest";
import { MAX_REASON_BYTES, utf8Bytes, ZRevealBody } from "@/features/court/jury.schema";

// A juror's public reason is bounded in bytes, as JuryCourt counts it (MAX_REASON_BYTES), not in characters: a
// reason the bridge took by characters could be refused on chain at reveal (ReasonTooLong), after the findings
// were committed, and the juror slashed for not revealing.

const body = (reason: string) => ({ findings: ["verified"], reasons: [reason], salt: `0x${"1".repeat(64)}`, signature: `0x${"2".repeat(130)}` });

describe("a juror's reveal body", () => {
  it("takes a reason of up to 280 bytes, whatever the characters", () => {
    expect(MAX_REASON_BYTES).toBe(280);
    expect(ZRevealBody.safeParse(body("a".repeat(280))).success).toBe(true);
    expect(ZRevealBody.safeParse(body("é".repeat(140))).success).toBe(true);
  });

  it("refuses 141 accented letters (282 bytes) and 71 emoji (284 bytes), though both are under 280 characters", () => {
    expect(utf8Bytes("é".repeat(141))).toBe(282);
    const accented = ZRevealBody.safeParse(body("é".repeat(141)));
    expect(accented.success).toBe(false);
    expect(accented.error?.issues[0]).toMatchObject({ path: ["reasons", 0], message: "at most 280 bytes in UTF-8 (accented letters take two, most emoji four)" });
    expect(ZRevealBody.safeParse(body("📰".repeat(71))).success).toBe(false);
    expect(ZRevealBody.safeParse(body("a".repeat(281))).success).toBe(false);
  });
});
