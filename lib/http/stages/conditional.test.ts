import { describe, expect, it } from "vitest";
import type { RequestHead } from "@/lib/http/request-head";
import { buildStarted, buildUnderWay } from "./conditional";

const head = (url: string): RequestHead => ({ method: "GET", url, headers: { get: () => null } });

describe("one build per answer at a time", () => {
  it("makes a request for the same answer at the same generation wait for the build under way", async () => {
    const request = head("http://127.0.0.1/api/capsules/7");
    const done = buildStarted(request, "http://127.0.0.1", "g1");
    let waited = false;
    const follower = buildUnderWay(request, "http://127.0.0.1", "g1").then((under) => {
      waited = true;
      return under;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(waited).toBe(false);
    done();
    expect(await follower).toBe(true);
  });

  it("does not wait for a build of another generation, another URL or another origin, nor after the build ended", async () => {
    const request = head("http://127.0.0.1/api/capsules/8");
    const done = buildStarted(request, "http://127.0.0.1", "g1");
    expect(await buildUnderWay(request, "http://127.0.0.1", "g2")).toBe(false);
    expect(await buildUnderWay(head("http://127.0.0.1/api/capsules/9"), "http://127.0.0.1", "g1")).toBe(false);
    expect(await buildUnderWay(request, "https://news.example", "g1")).toBe(false);
    done();
    expect(await buildUnderWay(request, "http://127.0.0.1", "g1")).toBe(false);
  });
});
