import { describe, expect, it } from "vitest";
import { linkableUri, shownUri, storedUriKind, ZStoredUri, ZWebUrl } from "./uri";
import { ZCampaignInput } from "@/features/ads/ads.schema";
import { ZAddHistoryBody, ZCreateCapsuleBody, ZEvidenceItem } from "@/features/capsules/capsules.schema";
import { ZReplyBody } from "@/features/court/court-reply.schema";
import { ZCreateOutletBody } from "@/features/outlets/outlets.schema";

const vault = `/api/vault/${"ab".repeat(32)}`;

describe("stored URIs (issue 25 item 5)", () => {
  it("accepts https, http, ipfs, ar and this service's vault addresses", () => {
    for (const value of ["https://example.org/a?b=c#d", "HTTP://Example.org", "ipfs://bafkreiabc", "ipfs://outlet-harbor", "ar://Zq9bXQ", vault, `${vault}?download=1`]) {
      expect(ZStoredUri.safeParse(value).success, value).toBe(true);
    }
    expect(ZStoredUri.parse("  https://example.org/x  ")).toBe("https://example.org/x");
  });

  it("refuses every other scheme, hidden schemes and malformed addresses", () => {
    const refused = [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://example.org/uuid",
      "ftp://example.org/x",
      "urn:isbn:123",
      "//evil.example/x",
      "/capsules/1",
      "/api/vault/xyz",
      `${vault}?download=1&x=javascript:`,
      "https://",
      "https:///path",
      "ipfs:",
      "ipfs://",
      "ar:abc",
      "https://exa mple.org",
      "",
    ];
    for (const value of refused) {
      const parsed = ZStoredUri.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
    }
    expect(ZStoredUri.safeParse("javascript:alert(1)").error?.issues[0]?.message).toBe("a URI starting with https://, http://, ipfs://, ar:// or a vault address (/api/vault/<id>)");
  });

  it("refuses bidirectional formatting characters, which reorder the address a reader sees, and shows them escaped", () => {
    for (const mark of ["\u202e", "\u202a", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"]) {
      for (const value of [`https://x.example.org/${mark}gnp.exe`, `ipfs://bafkrei${mark}abc`, `https://x.example.org/a?q=${mark}1`]) {
        expect(ZStoredUri.safeParse(value).success, JSON.stringify(value)).toBe(false);
        expect(linkableUri(value), JSON.stringify(value)).toBeUndefined();
      }
    }
    expect(shownUri("https://x.example.org/\u202egnp.exe")).toBe("https://x.example.org/%E2%80%AEgnp.exe");
    expect(shownUri("https://x.example.org/\u2067a\u2069")).toBe("https://x.example.org/%E2%81%A7a%E2%81%A9");
    // right-to-left letters themselves are not formatting characters: such an address is taken as written
    expect(ZStoredUri.safeParse("https://x.example.org/שלום").success).toBe(true);
    expect(shownUri("https://x.example.org/שלום")).toBe("https://x.example.org/שלום");
  });

  it("takes only http and https where the address must be a web page", () => {
    expect(ZWebUrl.safeParse("https://example.org").success).toBe(true);
    for (const value of ["ipfs://bafkrei", vault, "javascript:alert(1)"]) expect(ZWebUrl.safeParse(value).success, value).toBe(false);
    expect(ZWebUrl.safeParse("ipfs://bafkrei").error?.issues[0]?.message).toBe("an http or https URL");
  });

  it("links a stored value only when it is a web or vault address (older rows with other schemes stay text)", () => {
    expect(linkableUri("https://example.org/a")).toBe("https://example.org/a");
    expect(linkableUri(vault)).toBe(vault);
    for (const value of ["javascript:alert(1)", "data:text/html,x", "ipfs://bafkrei", " javascript:alert(1)", null, undefined, ""]) expect(linkableUri(value), String(value)).toBeUndefined();
    expect(storedUriKind("ar://x")).toBe("ar:");
  });

  it("is the check of every stored address in the request schemas", () => {
    const bad = "javascript:alert(1)";
    const evidence = { uri: bad, contentHash: `0x${"ab".repeat(32)}`, evidenceType: "document", mimeType: "text/html", label: "x" };
    const campaign = { slug: "spring-ads", advertiser: "A", name: "N", headline: "H", body: "B", clickUrl: bad, budget: "1", cpm: "1", startsAt: 0 };
    const cases: Array<[string, { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } } }, unknown]> = [
      ["metadataURI", ZCreateOutletBody, { slug: "desk", name: "Desk", domain: "desk.example.org", metadataURI: bad }],
      ["uri", ZEvidenceItem, evidence],
      ["evidence.0.uri", ZCreateCapsuleBody, { title: "T", body: "B", outletSlug: "desk", evidence: [evidence] }],
      ["sourceUrl", ZCreateCapsuleBody, { title: "T", body: "B", outletSlug: "desk", sourceUrl: bad }],
      ["changeSummaryURI", ZAddHistoryBody, { capsuleType: "correction", revisionReason: "r", changeSummaryURI: bad }],
      ["evidence.0.uri", ZReplyBody, { reply: "A reply long enough to be taken.", evidence: [{ uri: bad, label: "x" }] }],
      ["clickUrl", ZCampaignInput, campaign],
    ];
    for (const [path, schema, value] of cases) {
      const parsed = schema.safeParse(value);
      expect(parsed.success, path).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join(".")), path).toEqual([path]);
    }
    expect(ZCampaignInput.safeParse({ ...campaign, clickUrl: "https://shop.example.org" }).success).toBe(true);
  });
});
