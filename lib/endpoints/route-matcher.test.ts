import { describe, expect, it } from "vitest";
import { endpoints } from "@/features/registry";
import { createRouteMatcher, isCanonicalPath } from "./route-matcher";
import { matchRoute, routeTable } from "./route-table";

describe("the route matcher", () => {
  it("captures parameters, with static segments before parameters before catch-alls", () => {
    const match = createRouteMatcher(["/api/ads/campaigns", "/api/ads/:capsuleId", "/api/capsules/:id/vote", "/files/:rest*", "/opt/:p*?", "/_next/*"]);
    expect(match("/api/ads/campaigns")).toEqual({ pattern: "/api/ads/campaigns", params: {} });
    expect(match("/api/ads/12")).toEqual({ pattern: "/api/ads/:capsuleId", params: { capsuleId: "12" } });
    expect(match("/api/capsules/7/vote")).toEqual({ pattern: "/api/capsules/:id/vote", params: { id: "7" } });
    expect(match("/files/a/b")).toEqual({ pattern: "/files/:rest*", params: { rest: "a/b" } });
    expect(match("/opt")).toEqual({ pattern: "/opt/:p*?", params: {} });
    expect(match("/_next/webpack-hmr")?.pattern).toBe("/_next/*");
    expect(match("/api/capsules/7")).toBeUndefined();
  });

  it("every registered path is reached by its own template, never shadowed by another", () => {
    const table = routeTable(endpoints);
    for (const endpoint of endpoints) {
      const filled = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => `x${name}1`);
      expect(matchRoute(table, filled)?.template, endpoint.path).toBe(endpoint.path);
      expect(table.match(filled)?.params, endpoint.path).toEqual(Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, `x${name}1`])));
    }
  });

  it("knows the router's canonical form of a path", () => {
    expect(["/", "/api/capsules/1"].map(isCanonicalPath)).toEqual([true, true]);
    expect(["/api/capsules/1/", "/api//capsules", "api/x"].map(isCanonicalPath)).toEqual([false, false, false]);
  });
});
