import { describe, expect, it } from "vitest";
import { checkDomainName } from "./domain-name";

describe("checkDomainName", () => {
  it.each([
    ["example.org", "example.org"],
    ["News.Example.COM.", "news.example.com"],
    ["  xn--bcher-kva.example ", "xn--bcher-kva.example"],
    ["a-b.c-d.co.uk", "a-b.c-d.co.uk"],
    ["localhost.example.org", "localhost.example.org"],
  ])("accepts %s as %s", (input, normalised) => {
    expect(checkDomainName(input)).toEqual({ ok: true, domain: normalised });
  });

  it.each([
    ["", /empty/],
    ["127.0.0.1", /IP addresses/],
    ["10.1.2.3", /IP addresses/],
    ["::1", /IP addresses/],
    ["[2001:db8::1]", /IP addresses/],
    ["fe80::1%eth0", /IP addresses/],
    ["2130706433", /IP addresses/],
    ["localhost", /localhost/],
    ["intranet", /single-label/],
    ["printer.local", /\.local /],
    ["app.localhost", /\.localhost/],
    ["db.internal", /\.internal/],
    ["nas.lan", /\.lan/],
    ["router.home.arpa", /\.home\.arpa/],
    ["wiki.intranet", /\.intranet/],
    ["mail.corp", /\.corp/],
    ["x.private", /\.private/],
    ["-bad.example.org", /valid DNS label/],
    ["bad-.example.org", /valid DNS label/],
    ["a..b.org", /valid DNS label/],
    ["under_score.example.org", /valid DNS label/],
    ["example.123", /numeric/],
    [`${"a".repeat(64)}.org`, /valid DNS label/],
    [`${"abcdefghi.".repeat(26)}org`, /253/],
    ["http://mypaper.example/news", /^enter the domain alone, without "https:\/\/" or a path: for example mypaper\.example$/],
    ["https://mypaper.example", /for example mypaper\.example$/],
    ["mypaper.example/news", /for example mypaper\.example$/],
  ])("refuses %j", (input, reason) => {
    const result = checkDomainName(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
