import { describe, expect, it } from "vitest";
import { plainFileName } from "@/lib/schemas/plain-text";
import { ZVaultUploadBody } from "@/features/vault/vault.schema";

// A vault file's name is shown on the desk and becomes the name a browser saves the download under: a right-to-left
// override in it shows "report<RLO>fdp.html" as "reportlmth.pdf", so it takes a title's rules.

const upload = (filename: string) => ZVaultUploadBody.safeParse({ filename, mimeType: "text/plain", contentBase64: "aGk=" });
const paths = (result: ReturnType<typeof upload>) => (result.error?.issues ?? []).map((issue) => issue.path.join("."));

describe("vault file names", () => {
  it.each([
    ["a right-to-left override", "report\u202Efdp.html"],
    ["an isolate", "memo\u2066.txt"],
    ["a C1 control character", "memo\u0085.txt"],
    ["a control character", "memo\u0007.txt"],
    ["a line separator", "memo\u2028.txt"],
    ["nothing visible", "\u200B\u200D"],
    ["a slash", "../memo.txt"],
    ["a quote", 'memo".txt'],
    ["a backslash at the end", "memo.txt\\"],
    ["a backslash at the end, before trimmed space", "memo\\ "],
  ])("refuses %s", (_what, name) => {
    expect(paths(upload(name))).toEqual(["filename"]);
  });

  it("takes names in any script, trimmed", () => {
    expect(upload("  محضر المجلس 2026.pdf ").data?.filename).toBe("محضر المجلس 2026.pdf");
  });

  it("plainFileName makes a name the vault takes from any name a file or link came with", () => {
    for (const name of ["report\u202Efdp.html", 'a"b/c\\d\u0085e\u2028f.txt', "\u200B", "x".repeat(300) + "😀"]) {
      const plain = plainFileName(name, "file");
      expect(upload(plain).success, plain).toBe(true);
    }
    expect(plainFileName("report\u202Efdp.html", "file")).toBe("report_fdp.html");
    expect(plainFileName("\u200B", "example.org")).toBe("example.org");
  });
});
