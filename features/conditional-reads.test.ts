import { describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/endpoints/define";
import { endpoints } from "@/features/registry";
import { conditionalReads } from "./conditional-reads";

describe("the fast path's table of conditional reads", () => {
  it("holds every conditional GET of the registry, once", () => {
    const served = conditionalReads.map((s) => s.endpoint.id).sort();
    const described = (endpoints as readonly Endpoint[]).filter((e) => e.conditional && e.method === "GET").map((e) => e.id).sort();
    expect(served).toEqual(described);
    expect(new Set(conditionalReads.map((s) => s.endpoint.path)).size).toBe(conditionalReads.length);
  });
});
