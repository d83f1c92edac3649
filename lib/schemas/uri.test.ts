import { describe, expect, it } from "vitest";
import { linkableUri, storedUriKind, ZStoredUri, ZWebUrl } from "./uri";

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

  it("takes only http and https where the address must be a web page", () => {
    expect(ZWebUrl.safeParse("https://example.org").success).toBe(true);
    for (const value of ["ipfs://bafkrei", vault, "javascript:alert(1)"]) expect(ZWebUrl.safeParse(value).success, value).toBe(false);
    expect(ZWebUrl.safeParse("ipfs://bafkrei").error?.issues[0]?.message).toBe("a URI starting with https://, http://");
  });

  it("links a stored value only when it is a web or vault address (older rows with other schemes stay text)", () => {
    expect(linkableUri("https://example.org/a")).toBe("https://example.org/a");
    expect(linkableUri(vault)).toBe(vault);
    for (const value of ["javascript:alert(1)", "data:text/html,x", "ipfs://bafkrei", " javascript:alert(1)", null, undefined, ""]) expect(linkableUri(value), String(value)).toBeUndefined();
    expect(storedUriKind("ar://x")).toBe("ar:");
  });
});
