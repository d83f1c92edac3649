import { describe, expect, it } from "vitest";
import { readerNetwork } from "./reader-hash";

describe("readerNetwork", () => {
  it("keeps an IPv4 address whole, mapped or not", () => {
    expect(readerNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(readerNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("names an IPv6 reader by its /64, so the addresses of one subscriber count once", () => {
    expect(readerNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(readerNetwork("2001:db8:aa:bb:ffff::9")).toBe("2001:db8:aa:bb::/64");
    expect(readerNetwork("2001:0db8:00aa:00bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(readerNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(readerNetwork("::1")).toBe("0:0:0:0::/64");
  });
});
