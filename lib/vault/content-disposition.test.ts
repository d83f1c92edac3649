import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition";

// A vault download's Content-Disposition stays one well-formed header whatever name the file was stored under
// (names stored before the upload refused backslashes and quotes, names the bridge made itself).

/** The `filename="…"` quoted-string as RFC 9110 reads it: its text, and what follows its closing quote. */
function readQuoted(header: string): { value: string; rest: string } {
  const start = header.indexOf('filename="') + 'filename="'.length;
  let value = "";
  for (let i = start; i < header.length; i++) {
    const c = header[i];
    if (c === "\\") value += header[++i] ?? "";
    else if (c === '"') return { value, rest: header.slice(i + 1) };
    else value += c;
  }
  throw new Error(`unterminated quoted-string in ${header}`);
}

describe("attachmentDisposition", () => {
  it("closes the quoted name of a file whose name ends with a backslash", () => {
    const header = attachmentDisposition("memo\\");
    const { value, rest } = readQuoted(header);
    expect(value).toBe("memo_");
    expect(rest).toBe("; filename*=UTF-8''memo%5C");
  });

  it.each([
    ["a quote", 'a"b.txt', "a_b.txt", "a%22b.txt"],
    ["a backslash inside", "a\\b.txt", "a_b.txt", "a%5Cb.txt"],
    ["an apostrophe and brackets", "it's (final)*.pdf", "it's (final)*.pdf", "it%27s%20%28final%29%2A.pdf"],
    ["another script", "محضر.pdf", "____.pdf", encodeURIComponent("محضر.pdf")],
  ])("keeps %s in one header", (_what, name, quoted, encoded) => {
    const header = attachmentDisposition(name);
    const { value, rest } = readQuoted(header);
    expect(value).toBe(quoted);
    expect(rest).toBe(`; filename*=UTF-8''${encoded}`);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeURIComponent(rest.slice("; filename*=UTF-8''".length))).toBe(name);
  });

  it("writes a lone surrogate in a stored name as U+FFFD instead of failing the download", () => {
    expect(attachmentDisposition("memo\uD800.txt")).toBe(`attachment; filename="memo_.txt"; filename*=UTF-8''memo%EF%BF%BD.txt`);
  });
});
