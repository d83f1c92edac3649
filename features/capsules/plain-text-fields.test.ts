import { describe, expect, it } from "vitest";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody } from "@/features/capsules/capsules.schema";
import { xmlSafe, zMultiLine, zOneLine } from "@/lib/schemas/plain-text";

const base = { title: "Harbour budget", body: "The harbour budget doubled.\n\n\tIndented.", outletSlug: "harbour-desk" };
const issuesOf = (value: unknown) => {
  const parsed = ZCreateCapsuleBody.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("plain text fields", () => {
  it("accepts ordinary text, right-to-left scripts, emoji, tabs and line breaks in the body", () => {
    expect(issuesOf({ ...base, subtitle: "مرفأ المدينة — 港口 🚢", summary: "Two lines\nof summary." })).toEqual([]);
  });

  it("refuses control characters in a title, subtitle, summary and body", () => {
    expect(issuesOf({ ...base, title: "Control\u0000chars\u0008in\u001btitle" })).toEqual(["title: must be one line without control characters"]);
    expect(issuesOf({ ...base, subtitle: "a\u0007b" })).toEqual(["subtitle: must be one line without control characters"]);
    expect(issuesOf({ ...base, summary: "sum\u000bmary\u0001" })).toEqual(["summary: must not contain control characters"]);
    expect(issuesOf({ ...base, body: "text\u0000" })).toEqual(["body: must not contain control characters"]);
    expect(ZUpdateCapsuleBody.safeParse({ capsuleId: "1", title: "x\u009by" }).success).toBe(false);
  });

  it("refuses a title of two lines, with bidirectional overrides, or with nothing visible", () => {
    expect(issuesOf({ ...base, title: "one\ntwo" })).toEqual(["title: must be one line without control characters"]);
    expect(issuesOf({ ...base, title: "txt.\u202Eexe" })).toEqual(["title: must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)"]);
    expect(issuesOf({ ...base, title: "\u200B\u200D\uFEFF" })).toEqual(["title: must contain a visible character"]);
  });

  it("builds one-line and multi-line schemas for other fields", () => {
    expect(zOneLine(0, 10).safeParse("").success).toBe(true);
    expect(zOneLine(1, 10).safeParse("  ok  ").data).toBe("ok");
    expect(zMultiLine(1, 10, { trim: true }).safeParse(" a\nb ").data).toBe("a\nb");
    expect(zMultiLine(1, 10).safeParse(" a ").data).toBe(" a ");
  });

  it("xmlSafe drops what XML 1.0 may not hold and keeps the rest, astral characters included", () => {
    expect(xmlSafe("a\u0000b\u0008c\td\ne\rf\uFFFEg🚢h\uD800i")).toBe("abc\td\ne\rfg🚢hi");
  });
});
