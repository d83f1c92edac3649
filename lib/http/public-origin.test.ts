import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { linkOriginFromHeaders, originFromHeaders } from "./public-origin";

// Issue 25, item 3: absolute links come from configuration, never from a spoofed Host.

const loopback = { CAPSULE_PUBLIC_URL: undefined, CAPSULE_PUBLIC_ORIGINS: undefined, CAPSULE_HOST: "127.0.0.1", CAPSULE_PORT: 3000, CAPSULE_TRUST_PROXY: 0 };
const headersOf = (values: Record<string, string>) => (name: string) => values[name];
const fallback = { proto: "http", host: "localhost" };

describe("the origin of links", () => {
  it("is CAPSULE_PUBLIC_URL whatever the Host says", () => {
    const cfg = { ...loopback, CAPSULE_HOST: "0.0.0.0", CAPSULE_PUBLIC_URL: "https://news.example.org/" };
    expect(linkOriginFromHeaders(headersOf({ host: "evil.example" }), fallback, cfg)).toBe("https://news.example.org");
    expect(linkOriginFromHeaders(headersOf({ host: "evil.example", "x-forwarded-host": "evil.example" }), fallback, { ...cfg, CAPSULE_TRUST_PROXY: 1 })).toBe("https://news.example.org");
  });

  it("on a loopback-bound server is the loopback origin asked for, and 127.0.0.1 for any other Host", () => {
    expect(linkOriginFromHeaders(headersOf({ host: "localhost:3000" }), fallback, loopback)).toBe("http://localhost:3000");
    expect(linkOriginFromHeaders(headersOf({ host: "127.0.0.1:3000" }), fallback, loopback)).toBe("http://127.0.0.1:3000");
    for (const host of ["evil.example", "evil.example:3000", "localhost:4000", "127.0.0.1:3000@evil.example", "", "[bad"]) {
      expect(linkOriginFromHeaders(headersOf({ host }), fallback, loopback), host).toBe("http://127.0.0.1:3000");
    }
    // a forwarded host is only read behind a trusted proxy, and must still be one of the accepted origins
    expect(linkOriginFromHeaders(headersOf({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }), fallback, loopback)).toBe("http://127.0.0.1:3000");
    expect(linkOriginFromHeaders(headersOf({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }), fallback, { ...loopback, CAPSULE_TRUST_PROXY: 1 })).toBe("http://127.0.0.1:3000");
    expect(linkOriginFromHeaders(headersOf({ "x-forwarded-host": "localhost:3000" }), fallback, { ...loopback, CAPSULE_TRUST_PROXY: 1 })).toBe("http://localhost:3000");
  });

  it("does not exist on a server bound elsewhere without CAPSULE_PUBLIC_URL: 421 MISDIRECTED_REQUEST", () => {
    const cfg = { ...loopback, CAPSULE_HOST: "0.0.0.0" };
    expect(linkOriginFromHeaders(headersOf({ host: "evil.example" }), fallback, cfg)).toBeUndefined();
    let thrown: unknown;
    try {
      originFromHeaders(headersOf({ host: "0.0.0.0:3000" }), fallback, cfg);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe("MISDIRECTED_REQUEST");
    expect((thrown as AppError).statusCode).toBe(421);
  });
});
