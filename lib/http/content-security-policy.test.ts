import { describe, expect, it } from "vitest";
import { isReaderArticlePath, routedPath, takesPagePolicy } from "./content-security-policy";

describe("routedPath", () => {
  it("resolves dot segments, %2e included, and drops the query", () => {
    expect(routedPath("/embed/../outlets")).toBe("/outlets");
    expect(routedPath("/api/%2E%2e/outlets?x=1")).toBe("/outlets");
    expect(routedPath("/embed/1?back=../..")).toBe("/embed/1");
    expect(routedPath("http://evil.example/embed/../outlets")).toBe("/outlets");
  });

  it("keeps a path that starts with two slashes a path, not a host", () => {
    expect(routedPath("//api/capsules")).toBe("//api/capsules");
  });
});

describe("takesPagePolicy", () => {
  it("leaves out the API, the build's static files and /embed/:id itself", () => {
    for (const path of ["/api", "/api/capsules", "/_next/static/chunks/app.js", "/embed/12", "/embed/12?x=1"]) expect(takesPagePolicy(path), path).toBe(false);
  });

  it("covers a page reached through a dot segment, a deeper /embed path and /islands/", () => {
    for (const path of ["/embed/../outlets", "/api/%2e%2e/outlets", "/_next/static/../../outlets", "/embed/12/more", "/islands/missing.js", `/api/${"a".repeat(300)}/../../outlets`]) {
      expect(takesPagePolicy(path), path).toBe(true);
    }
  });

  it("gives the reader's policy only to a path routed to /read/", () => {
    expect(isReaderArticlePath("/read/4")).toBe(true);
    expect(isReaderArticlePath("/read/../outlets")).toBe(false);
  });
});
