import { describe, expect, it } from "vitest";
import { addressNetwork, addressSite, clientNetwork, CLIENT_IP_HEADER } from "./client-ip";

describe("addressNetwork", () => {
  it("keeps an IPv4 address whole, an IPv4-mapped IPv6 one as its IPv4 address", () => {
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("names an IPv6 client by its /64, so the addresses of one subscriber are one client", () => {
    expect(addressNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(addressNetwork("2001:db8:aa:bb:ffff::9")).toBe("2001:db8:aa:bb::/64");
    expect(addressNetwork("2001:0db8:00aa:00bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(addressNetwork("2001:DB8:AA:BB::1")).toBe("2001:db8:aa:bb::/64");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
    expect(addressNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressNetwork("2001:db8:1234:5678::1")).toBe(addressNetwork("2001:db8:1234:5678::96"));
  });

  it("keeps neighbouring /64s and other IPv4 addresses apart", () => {
    expect(addressNetwork("2001:db8:1234:5678::1")).not.toBe(addressNetwork("2001:db8:1234:5679::1"));
    expect(addressNetwork("203.0.113.7")).not.toBe(addressNetwork("203.0.113.8"));
  });

  it("returns what is not an address unchanged", () => {
    expect(addressNetwork("unknown")).toBe("unknown");
    expect(addressNetwork("")).toBe("");
  });

  it("reads the request's client address from the server's header", () => {
    expect(clientNetwork({ method: "GET", url: "http://127.0.0.1/", headers: new Headers({ [CLIENT_IP_HEADER]: "2001:db8:1234:5678::42" }) })).toBe("2001:db8:1234:5678::/64");
  });
});

describe("addressSite", () => {
  it("names an IPv6 address by its /48, gathering the /64s of one site", () => {
    expect(addressSite("2001:db8:aa:bb::1")).toBe("2001:db8:aa::/48");
    expect(addressSite("2001:db8:aa:cc:1:2:3:4")).toBe(addressSite("2001:db8:aa:bb::1"));
    expect(addressSite("2001:db8:ab:bb::1")).not.toBe(addressSite("2001:db8:aa:bb::1"));
    expect(addressSite("2001:db8::1")).toBe("2001:db8:0::/48");
  });

  it("keeps an IPv4 address whole (mapped or not) and what is not an address unchanged", () => {
    expect(addressSite("203.0.113.7")).toBe("203.0.113.7");
    expect(addressSite("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressSite("unknown")).toBe("unknown");
  });
});
