import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decimalWhole, isDecimalId, MAX_ID, MAX_WHOLE, zDecimalId, zDecimalWhole, zIdInput } from "./whole-number";

// Numbers above 2^53 − 1 would be rounded by Number() to a neighbour (…993 → …992): refused, never acted on.
// Ids stop earlier, at the largest the id columns hold (2^31 − 1).

const ABOVE = ["9007199254740992", "9007199254740993", "9999999999999999", "10000000000000000", "99999999999999999999"];
const ABOVE_ID = ["2147483648", "4294967296", "999999999999999", "9007199254740991", ...ABOVE];
const NOT_PLAIN = ["", " 5", "5 ", "+5", "-5", "05", "0x10", "1e3", "5.0", "1_000", "٥", "abc"];
const WORDS = "a positive decimal capsule id, at most 2147483647";

const issues = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("whole numbers in decimal text", () => {
  it("read plain digits exactly up to 2^53 − 1", () => {
    expect(decimalWhole("0", 0, 10)).toBe(0);
    expect(decimalWhole("42", 1, 100)).toBe(42);
    expect(decimalWhole("9007199254740991", 1, MAX_WHOLE)).toBe(Number.MAX_SAFE_INTEGER);
    expect(MAX_WHOLE).toBe(9007199254740991);
  });

  it("refuse digits past 2^53 − 1, though Number() would round them into range", () => {
    for (const text of ABOVE) expect(decimalWhole(text, 1, MAX_WHOLE), text).toBeUndefined();
    expect(Number("9007199254740993")).toBe(9007199254740992);
  });

  it("refuse signs, leading zeros, exponents, hex, fractions and spaces", () => {
    for (const text of NOT_PLAIN) expect(decimalWhole(text, 0, MAX_WHOLE), JSON.stringify(text)).toBeUndefined();
  });

  it("refuse numbers outside the caller's range", () => {
    expect(decimalWhole("0", 1, 100)).toBeUndefined();
    expect(decimalWhole("101", 1, 100)).toBeUndefined();
    expect(decimalWhole("100", 1, 100)).toBe(100);
  });
});

describe("isDecimalId", () => {
  it("accepts 1..2^31 − 1 and nothing else", () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    expect(isDecimalId("1")).toBe(true);
    expect(isDecimalId("2147483647")).toBe(true);
    for (const text of ["0", ...ABOVE_ID, ...NOT_PLAIN]) expect(isDecimalId(text), JSON.stringify(text)).toBe(false);
  });
});

describe("zDecimalId", () => {
  const id = zDecimalId("capsule id");

  it("turns decimal text into the same number", () => {
    expect(id.parse("7")).toBe(7);
    expect(id.parse("2147483647")).toBe(2147483647);
  });

  it("refuses anything else with one sentence naming what the id is", () => {
    for (const value of ["0", ...ABOVE_ID, ...NOT_PLAIN, 7, null, undefined]) expect(issues(id, value), JSON.stringify(value)).toEqual([WORDS]);
  });

  it("shows the digits' pattern in the request's JSON Schema", () => {
    expect(z.toJSONSchema(id, { io: "input" })).toMatchObject({ type: "string", pattern: "^[1-9][0-9]{0,9}$" });
  });
});

describe("zIdInput (a body id as text or a JSON number)", () => {
  const id = zIdInput("capsule id");

  it("takes decimal text and whole JSON numbers in 1..2^31 − 1", () => {
    expect(id.parse("12")).toBe(12);
    expect(id.parse(12)).toBe(12);
    expect(id.parse(MAX_ID)).toBe(MAX_ID);
  });

  it("refuses a JSON number past 2^53 − 1, as JSON.parse hands it over (…993 arrives as …992)", () => {
    const parsed = JSON.parse('{"id": 9007199254740993}') as { id: number };
    expect(parsed.id).toBe(9007199254740992);
    expect(issues(id, parsed.id)).toEqual([WORDS]);
    expect(issues(id, 1e16)).toEqual([WORDS]);
  });

  it("refuses everything else with the same one sentence", () => {
    for (const value of [0, -1, 2.5, 2 ** 31, Number.MAX_SAFE_INTEGER, -(2 ** 60), Number.NaN, Number.POSITIVE_INFINITY, "0", ...ABOVE_ID, ...NOT_PLAIN, null, true, {}]) {
      expect(issues(id, value), String(value)).toEqual([WORDS]);
    }
  });
});

describe("zDecimalWhole", () => {
  it("keeps 0 when the range starts at 0, with the pattern that allows it", () => {
    const count = zDecimalWhole({ min: 0, max: 10, words: "a count from 0 to 10" });
    expect(count.parse("0")).toBe(0);
    expect(issues(count, "11")).toEqual(["a count from 0 to 10"]);
    expect(z.toJSONSchema(count, { io: "input" })).toMatchObject({ type: "string", pattern: "^(?:0|[1-9][0-9]{0,1})$" });
  });
});
