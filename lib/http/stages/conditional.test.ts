import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoints/define";
import type { RequestHead } from "@/lib/http/request-head";
import { buildStarted, buildUnderWay, lifetimeOf, rememberedAnswer, rememberedDespiteFailedBuild, tagAnswer } from "./conditional";

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

describe("remembered answers built again ahead of their expiry", () => {
  const endpoint = defineEndpoint({
    id: "test.refreshAhead",
    method: "GET",
    path: "/api/test/refresh-ahead",
    summary: "a conditional read for this test",
    response: z.object({ n: z.number() }),
    rateLimit: ["public-get"],
    errors: [],
    conditional: true,
  });
  const origin = "http://127.0.0.1";
  const remember = (request: RequestHead, generation: string, body: string, readAt: number) =>
    tagAnswer(endpoint, request, origin, { version: body, settled: false, rowsAlone: true }, generation, {}, lifetimeOf(2000, readAt)).remember(200, body);

  it("lets one request build it in the last quarter of its life while every other request is still given it, and never gives it after expiry", () => {
    const request = head("http://127.0.0.1/api/test/refresh-ahead?a");
    remember(request, "g1", '{"n":1}', 10_000);
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 11_499)?.body).toBe('{"n":1}');
    // 11,500: the first request finds it due and builds it (the caller marks that with buildStarted) ...
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 11_500)).toBeUndefined();
    const done = buildStarted(request, origin, "g1");
    // ... while the others are still answered from memory, up to its own expiry and not after
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 11_600)?.body).toBe('{"n":1}');
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 11_999)?.body).toBe('{"n":1}');
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 12_000)).toBeUndefined();
    // the rebuild's answer, read at 11,500, lives to 13,500
    remember(request, "g1", '{"n":2}', 11_500);
    done();
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 12_100)?.body).toBe('{"n":2}');
  });

  it("does not hand the rebuild to a request of another generation's build, and a write still ends the answer at once", () => {
    const request = head("http://127.0.0.1/api/test/refresh-ahead?b");
    remember(request, "g1", '{"n":1}', 20_000);
    const other = buildStarted(request, origin, "g0");
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 21_600)).toBeUndefined();
    other();
    remember(request, "g1", '{"n":1}', 21_600);
    expect(rememberedAnswer(endpoint, request, origin, "g2", {}, 21_700)).toBeUndefined();
  });

  it("gives the answer a failed rebuild was to replace while it has not expired, and nothing after its expiry or at another generation", () => {
    const request = head("http://127.0.0.1/api/test/refresh-ahead?c");
    remember(request, "g1", '{"n":1}', 30_000);
    // 31,500: due, so the request builds it again; its build failed
    expect(rememberedAnswer(endpoint, request, origin, "g1", {}, 31_500)).toBeUndefined();
    expect(rememberedDespiteFailedBuild(endpoint, request, origin, "g1", {}, 31_500)?.body).toBe('{"n":1}');
    expect(rememberedDespiteFailedBuild(endpoint, request, origin, "g1", {}, 31_999)?.status).toBe(200);
    expect(rememberedDespiteFailedBuild(endpoint, request, origin, "g1", {}, 32_000)).toBeUndefined();
    expect(rememberedDespiteFailedBuild(endpoint, request, origin, "g2", {}, 31_600)).toBeUndefined();
  });
});
