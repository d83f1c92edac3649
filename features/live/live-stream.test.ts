import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emitProjectionChange } from "@/lib/indexer/change-feed";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { subscribeLive } from "@/lib/live/live-hub";
import type { LiveEvent } from "@/lib/live/live-event";
import { openLiveStreams } from "@/lib/live/live-streams";
import { LIVE_MAX_QUEUED, openLiveStream } from "./live-stream";

// GET /api/live when clients leave early: a page that navigates away while its stream is still
// subscribing must give back its slot and its place among the hub's listeners. A stream left behind
// once took every later change from the streams opened after it (a full browser run's pages then saw
// no vote, inbox entry or role arrive) and, at CAPSULE_LIVE_MAX_PER_IP such leaks, refused new streams.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-live-stream-"));
process.env.CAPSULE_DATA_DIR = dataDir;
process.env.CAPSULE_LIVE_MAX_PER_IP = "2";
// nothing listens on the discard port: the stream's head read fails at once and it opens at block 0
process.env.CAPSULE_NODE_RPC_URL = "http://127.0.0.1:9";

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// each case from its own address, so one case's leak cannot fail another's
const request = (ip: string) => new Request("http://127.0.0.1/api/live", { headers: { [CLIENT_IP_HEADER]: ip } });

/** A stream's text as it arrives, and a wait (at most `timeoutMs`) for text matching `pattern`. */
function textOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    async until(pattern: RegExp, timeoutMs = 5_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${String(pattern)} in time; the stream carried: ${text}`);
        pending ??= reader.read();
        const read = await Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(resolve, left))]);
        if (!read) continue;
        pending = undefined;
        if (read.done) throw new Error(`the stream ended before ${String(pattern)}; it carried: ${text}`);
        text += decoder.decode(read.value, { stream: true });
      }
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

/** A public bridge change, told apart from the others by the made-up case id it names. */
const change = (tag: string, kinds = ["bridge:court.reply"], wallets: string[] = []) => ({ fromBlock: 0, toBlock: 0, capsuleIds: [], wallets, caseIds: [tag], kinds });

describe("live streams whose client leaves while they subscribe", () => {
  it("a stream cancelled before its hello gives back its slot: more such streams than the limit never refuse the next", async () => {
    for (let i = 0; i < 4; i++) {
      const response = await openLiveStream(request("203.0.113.1"), undefined);
      await response.body?.cancel();
    }
    const response = await openLiveStream(request("203.0.113.1"), undefined);
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it("a stream whose request aborted before its hello gives back its slot", async () => {
    for (let i = 0; i < 4; i++) {
      const abort = new AbortController();
      const response = await openLiveStream(request("203.0.113.2"), abort.signal);
      abort.abort();
      expect(response.status).toBe(200);
    }
    const abort = new AbortController();
    abort.abort();
    await openLiveStream(request("203.0.113.2"), abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const open = await openLiveStream(request("203.0.113.2"), undefined);
    expect(open.status).toBe(200);
    await open.body?.cancel();
  });

  it("a change still reaches an open stream after streams left behind in every way", async () => {
    await (await openLiveStream(request("203.0.113.3"), undefined)).body?.cancel();
    const aborted = new AbortController();
    await openLiveStream(request("203.0.113.3"), aborted.signal);
    aborted.abort();
    // a stream whose body is dropped unread is one the hub may still hold; the next one must still be served
    const follower = await openLiveStream(request("203.0.113.3"), undefined);
    if (!follower.body) throw new Error("the stream has no body");
    const text = textOf(follower.body);
    await text.until(/event: hello/);
    emitProjectionChange(change("leak-check"));
    expect(await text.until(/"caseIds":\["leak-check"\]/)).toContain("bridge:court.reply");
    await text.cancel();
    expect(openLiveStreams()).toBe(0);
  });

  it("a listener that throws is dropped and the listeners after it still get the change", async () => {
    const broken = await subscribeLive(() => {
      throw new TypeError("Invalid state: Controller is already closed");
    });
    const got: LiveEvent[] = [];
    const healthy = await subscribeLive((event) => got.push(event));
    emitProjectionChange(change("after-a-broken-listener"));
    emitProjectionChange(change("and-the-next"));
    const deadline = Date.now() + 5_000;
    while (got.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got.map((event) => event.caseIds)).toEqual([["after-a-broken-listener"], ["and-the-next"]]);
    broken.unsubscribe();
    healthy.unsubscribe();
  });
});

// A change's bytes are made once and every stream enqueues the same ones: a stream must never see them
// consumed, moved or changed by another.
describe("a change sent to several streams", () => {
  it("streams that share a change's bytes each get the whole change, whichever reads first", async () => {
    const first = await openLiveStream(request("203.0.113.4"), undefined);
    const second = await openLiveStream(request("203.0.113.5"), undefined);
    if (!first.body || !second.body) throw new Error("a stream has no body");
    const [a, b] = [textOf(first.body), textOf(second.body)];
    await Promise.all([a.until(/event: hello/), b.until(/event: hello/)]);
    emitProjectionChange(change("shared-bytes"));
    const carried = (text: string) => text.slice(text.indexOf("event: change"));
    const fromFirst = carried(await a.until(/"shared-bytes"[^\n]*\n\n/));
    const fromSecond = carried(await b.until(/"shared-bytes"[^\n]*\n\n/));
    expect(fromSecond).toBe(fromFirst);
    expect(JSON.parse(/^data: (.*)$/m.exec(fromSecond)?.[1] ?? "null")).toMatchObject({ type: "change", caseIds: ["shared-bytes"] });
    await Promise.all([a.cancel(), b.cancel()]);
  });
});

// The stream is public (no sign-in): a pending role offer and a wallet's inbox read mark are private to the
// wallets concerned, and a bridge write nobody classified stays off it too (lib/live/public-changes.ts).
describe("what the public stream carries", () => {
  const offered = "0x1111111111111111111111111111111111111111";
  const offering = "0x2222222222222222222222222222222222222222";

  it("never carries a private or unclassified bridge change, even one another server sends; the public change after them arrives", async () => {
    const response = await openLiveStream(request("203.0.113.6"), undefined);
    if (!response.body) throw new Error("the stream has no body");
    const text = textOf(response.body);
    await text.until(/event: hello/);
    emitProjectionChange(change("private-offer", ["bridge:roles.offered"], [offered, offering]));
    emitProjectionChange(change("private-read", ["bridge:inbox.read"], [offered]));
    emitProjectionChange(change("unclassified", ["bridge:a-write-added-later"], [offered]));
    // changes go out in order: once the public one arrived, the ones before it were dropped, not late
    emitProjectionChange(change("public-after", ["bridge:roles.granted"], [offered]));
    const carried = await text.until(/"caseIds":\["public-after"\][^\n]*\n\n/);
    expect(carried).not.toMatch(/roles\.offered|inbox\.read|a-write-added-later|private-offer|private-read|unclassified/);
    expect(carried).not.toContain(offering);
    await text.cancel();
  });
});

// A client that stops reading must not make its stream hold every later change for as long as the connection stays
// open: past LIVE_MAX_QUEUED unread events the stream leaves the hub and its queue is dropped.
describe("a stream whose client stops reading", () => {
  it("is dropped once it holds more than LIVE_MAX_QUEUED unread events, and a reading stream keeps getting changes", async () => {
    const stalled = await openLiveStream(request("203.0.113.7"), undefined);
    const reading = await openLiveStream(request("203.0.113.8"), undefined);
    if (!stalled.body || !reading.body) throw new Error("a stream has no body");
    const stalledReader = stalled.body.getReader();
    const text = textOf(reading.body);
    await text.until(/event: hello/);
    expect(openLiveStreams()).toBe(2);
    for (let i = 0; i <= LIVE_MAX_QUEUED + 10; i++) emitProjectionChange(change(`unread-${i}`));
    await text.until(new RegExp(`"unread-${LIVE_MAX_QUEUED + 10}"`), 20_000);
    expect(openLiveStreams()).toBe(1);
    await expect(stalledReader.read()).rejects.toMatchObject({ name: "AbortError" });
    await text.cancel();
    expect(openLiveStreams()).toBe(0);
  });

  it("keeps its client's slot until the request ends, so stalled streams still count against the limit", async () => {
    const ip = "203.0.113.9";
    const stalledRequest = new AbortController();
    const stalled = await openLiveStream(request(ip), stalledRequest.signal);
    const reading = await openLiveStream(request(ip), undefined);
    if (!stalled.body || !reading.body) throw new Error("a stream has no body");
    const text = textOf(reading.body);
    await text.until(/event: hello/);
    for (let i = 0; i <= LIVE_MAX_QUEUED + 10; i++) emitProjectionChange(change(`held-${i}`));
    await text.until(new RegExp(`"held-${LIVE_MAX_QUEUED + 10}"`), 20_000);
    expect(openLiveStreams()).toBe(1);
    // CAPSULE_LIVE_MAX_PER_IP is 2 here: the dropped stream's slot is still taken
    await expect(openLiveStream(request(ip), undefined)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    stalledRequest.abort();
    const next = await openLiveStream(request(ip), undefined);
    expect(next.status).toBe(200);
    await next.body?.cancel();
    await text.cancel();
  });
});
