import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { MAX_JSON_DEPTH, parseJson } from "./request-body";

function refusal(text: string): { code: string; message: string; issues: unknown } {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, issues: error.issues };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("JSON bodies with lone surrogates", () => {
  it.each([
    ['{"note":"\\ud800"}', "note"],
    ['{"note":"tail \\udfff"}', "note"],
    ['{"note":"\\udc00\\ud800"}', "note"],
    ['{"items":[{"title":"ok"},{"title":"x\\uDBFFy"}]}', "items.1.title"],
    ['"\\ud800"', "(body)"],
  ])("refuses %s with 400 naming %s", (text, path) => {
    expect(refusal(text)).toEqual({
      code: "VALIDATION_ERROR",
      message: `Request body is not valid Unicode: ${path}`,
      issues: [{ path, message: expect.stringMatching(/lone UTF-16 surrogate/) }],
    });
  });

  it("refuses a key that is a lone surrogate", () => {
    expect(refusal('{"a":{"\\ud800":1}}')).toMatchObject({ code: "VALIDATION_ERROR", issues: [{ path: "a.\ud800" }] });
  });

  it("finds one at the deepest nesting a body may have", () => {
    const depth = MAX_JSON_DEPTH;
    expect(refusal(`${"[".repeat(depth)}"\\ud800"${"]".repeat(depth)}`).message).toMatch(/^Request body is not valid Unicode: (0\.){63}0$/);
  });

  it("accepts surrogate pairs, escaped or not, and a backslash followed by u", () => {
    expect(parseJson('{"note":"\\ud83d\\ude00 😀"}')).toEqual({ note: "😀 😀" });
    expect(parseJson('{"note":"\\\\ud800"}')).toEqual({ note: "\\ud800" });
    expect(parseJson("")).toEqual({});
  });
});

describe("JSON bodies that name a key twice", () => {
  it.each([
    ['{"uri":"https://a.example.org/","uri":"https://b.example.org/"}', "uri"],
    ['{"uri":"a","\\u0075ri":"b"}', "uri"],
    ['{ "claims" : [ {"exact":"x"}, {"exact":"y" , "exact" :"z"} ] }', "claims.1.exact"],
    ['{"a":{"b":1},"a":2}', "a"],
    ['[{"k":1},{"k":2,"k":3}]', "1.k"],
    ['{"a":{"x":"\\"b\\":","x":1}}', "a.x"],
  ])("refuses %s with 400 naming %s", (text, path) => {
    expect(refusal(text)).toEqual({
      code: "VALIDATION_ERROR",
      message: `Request body names a key twice: ${path}`,
      issues: [{ path, message: expect.stringMatching(/more than once/) }],
    });
  });

  it("accepts the same key in different objects, and key-like text inside strings", () => {
    expect(parseJson('{"a":{"k":1},"b":{"k":2},"c":[{"k":3},{"k":4}]}')).toEqual({ a: { k: 1 }, b: { k: 2 }, c: [{ k: 3 }, { k: 4 }] });
    expect(parseJson('{"note":"\\"note\\": twice","n":"a\\\\","m":"\\\\\\"n\\":"}')).toEqual({ note: '"note": twice', n: "a\\", m: '\\"n":' });
  });

  it("finds one at the deepest nesting a body may have", () => {
    const depth = MAX_JSON_DEPTH - 1;
    expect(refusal(`${'{"a":'.repeat(depth)}{"k":1,"k":2}${"}".repeat(depth)}`).message).toBe(`Request body names a key twice: ${"a.".repeat(depth)}k`);
  });
});

describe("JSON bodies nested too deep", () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}[]${"}".repeat(depth - 1)}`;

  it(`refuses objects and arrays nested more than ${MAX_JSON_DEPTH} levels before parsing them, with 400 naming the body`, () => {
    expect(refusal(nested(MAX_JSON_DEPTH + 1))).toEqual({
      code: "VALIDATION_ERROR",
      message: `Request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      issues: [{ path: "(body)", message: expect.stringMatching(/nest at most/) }],
    });
    expect(refusal(`${"[".repeat(500_000)}${"]".repeat(500_000)}`).message).toMatch(/nests deeper/);
  });

  it(`takes ${MAX_JSON_DEPTH} levels, and brackets inside strings do not count`, () => {
    expect(() => parseJson(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(parseJson(`{"note":"${"[{".repeat(1000)}","tail":"a\\\\","n":[1]}`)).toEqual({ note: "[{".repeat(1000), tail: "a\\", n: [1] });
  });
});
