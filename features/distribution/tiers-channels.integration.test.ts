import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import { distributionList } from "@/features/distribution/list.endpoint";
import { verifyHubSignature } from "@/features/reader/hub-signature";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { addr, courtChain, finalizedCapsule, juryDriver, staffedDesk, type Api, type Json } from "@/features/court/court.test-support";
import { startSubscriber, until } from "./websub-subscriber.test-support";

// Issue 29 items 1, 2, 3 (JSON Feed, WebSub) and 6 over HTTP against the real stack (anvil,
// contracts, indexer, SQL) on SQLite and PostgreSQL, with real WebSub subscribers on loopback.
// The Elevated sample is 2 here (CAPSULE_TIER_MIN_SAMPLE_ELEVATED) so three capsules walk an
// outlet from Standard to Elevated.

const dialects = await dialectsUnderTest();
const [, ownerKey, , , , editorKey, , disputerKey] = devKeys;
const SLUG = "tier-gazette";
const SECRET = "websub-test-secret-1";

describe.each(dialects)("tiers, feed position and channels on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let jury: ReturnType<typeof juryDriver>;
  const ids: string[] = [];
  const text = async (path: string) => {
    const res = await fetch(`${stack.baseUrl}${path}`);
    return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
  };
  const hub = (fields: Record<string, string>) =>
    fetch(`${stack.baseUrl}/websub`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  const report = async () => (await api.send(distributionList, { query: { outlet: SLUG } })).body.items[0] as Json;
  let origin = "";

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_COURT_REPLY_WINDOW_SECONDS: "0", CAPSULE_TIER_MIN_SAMPLE_ELEVATED: "2", CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS: "1", CAPSULE_WEBSUB_RETRY_BASE_MS: "100" } }));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    chain = courtChain(stack, contracts);
    jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "1000"], [editorKey, "300"], [disputerKey, "10"]],
      roles: [[editorKey, ROLE.EDITOR]],
    });
    await jury.seatBench(dns, "tier-bench"); // the jury pool of the dispute below
    origin = /<link [^>]*rel="self"[^>]*href="([^"]+)\/feed\.xml"/.exec((await text("/feed.xml")).body)?.[1] ?? /href="([^"]+)\/feed\.xml"[^>]*rel="self"/.exec((await text("/feed.xml")).body)![1]!;
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("one accepted capsule is no record: the outlet stays Standard below the minimum sample, with no JSON Feed or WebSub", async () => {
    ids.push((await finalizedCapsule(api, chain, { authorKey: editorKey, voterKey: ownerKey, outletSlug: SLUG, title: "Ferry timetable changes", category: "transport" })).capsuleId);
    const item = await report();
    expect(item).toMatchObject({ tier: "standard", acceptanceRate: 100, acceptedCount: 1, minimumSample: { elevated: 2, premium: 50 } });
    expect(item.requirements[1].checks.find((c: Json) => c.name === "sample")).toEqual({ name: "sample", required: ">= 2 decided", actual: "1", met: false });
    expect(item.toMoveUp).toContain("have 1 more capsule decided by vote (1 of 2): a rate needs a sample");
    expect(item.channels.items.map((c: Json) => [c.channel, c.status])).toEqual([["atom", "on"], ["json_feed", "off"], ["websub", "off"]]);
    const json = await text(`/outlets/${SLUG}/feed.json`);
    expect(json.status).toBe(403);
    expect(JSON.parse(json.body)).toMatchObject({ ok: false, error: "FORBIDDEN", statusCode: 403 });
    expect(JSON.parse(json.body).message).toContain("JSON Feed is a channel of the Elevated and Premium tiers");

    // a subscription to a Standard outlet's feed is denied to the subscriber (WebSub §5.2)
    const denied = await startSubscriber();
    try {
      expect((await hub({ "hub.mode": "subscribe", "hub.topic": `${origin}/outlets/${SLUG}/feed.xml`, "hub.callback": denied.url })).status).toBe(202);
      const v = await until("the denial", () => denied.verifications.find((x) => x.mode === "denied"));
      expect(v.reason).toContain("Elevated");
      expect((await report()).channels.websub.subscribers.denied).toBe(1);
    } finally {
      await denied.close();
    }
  });

  it("the tier at the submission block decides trustedPublisherAtSubmit, as the chain replays it", async () => {
    ids.push((await finalizedCapsule(api, chain, { authorKey: editorKey, voterKey: ownerKey, outletSlug: SLUG, title: "Library opens on Sundays", category: "city" })).capsuleId);
    expect(await report()).toMatchObject({ tier: "elevated", acceptedCount: 2 });
    ids.push((await finalizedCapsule(api, chain, { authorKey: editorKey, voterKey: ownerKey, outletSlug: SLUG, title: "Harbour dredging begins", category: "city" })).capsuleId);
    const trusted = [];
    for (const id of ids) trusted.push((await api.send(capsuleRead, { params: { id } })).body.capsule.trustedPublisherAtSubmit);
    // submitted with 0, 1 and 2 decided capsules behind the outlet: only the third was Elevated
    expect(trusted).toEqual([false, false, true]);
    const page = await text(`/read/${ids[2]}`);
    expect(page.body).toContain("Trusted publisher when submitted");
    expect((await text(`/read/${ids[0]}`)).body).not.toContain("Trusted publisher when submitted");
  });

  it("reports every factor with its sample, the integrity score and the Elevated channels", async () => {
    const item = await report();
    expect(item.factors).toMatchObject({
      courtFindings: { value: 100, sample: 0, unit: "closed court case(s) in the last year" },
      acceptanceRate: { value: 100, sample: 3, unit: "decided capsule(s)" },
      // the owner (1000 CAP) and the granted Editor (300 CAP) hold at least the Editor bond and withdrew nothing
      bondStability: { value: 100, sample: 2, unit: "Editor bond(s)" },
      summonsResponse: { value: 100, sample: 0, unit: "court summons" },
      roleTenure: { value: 0, sample: 2, unit: "Editor role holding(s)" },
    });
    // 0.30·100 + 0.25·100 + 0.15·100 + 0.15·100 + 0.15·0
    expect(item.integrityScore).toBe(85);
    expect(item.channels.items.map((c: Json) => [c.channel, c.status])).toEqual([["atom", "on"], ["json_feed", "on"], ["websub", "on"]]);
  });

  it("serves JSON Feed 1.1 and Atom feeds that name the hub and themselves", async () => {
    const outletJson = await text(`/outlets/${SLUG}/feed.json`);
    expect(outletJson.status).toBe(200);
    expect(outletJson.type).toContain("application/feed+json");
    const feed = JSON.parse(outletJson.body);
    expect(feed).toMatchObject({ version: "https://jsonfeed.org/version/1.1", feed_url: `${origin}/outlets/${SLUG}/feed.json`, hubs: [{ type: "WebSub", url: `${origin}/websub` }] });
    // the outlet's feed keeps chronological order, newest first
    expect(feed.items.map((i: Json) => i._capsule.capsule_id)).toEqual([...ids].reverse());
    expect(feed.items[0]).toMatchObject({ url: `${origin}/read/${ids[2]}`, authors: [{ name: `Outlet ${SLUG}` }], tags: ["Clean"] });
    expect(feed.items[0].author).toBeUndefined();
    const network = JSON.parse((await text("/feed.json")).body);
    expect(network.items.map((i: Json) => i._capsule.capsule_id)).toEqual(expect.arrayContaining(ids));
    for (const path of ["/feed.xml", `/outlets/${SLUG}/feed.xml`]) {
      const atom = await text(path);
      expect(atom.body).toMatch(new RegExp(`<link [^>]*rel="hub"[^>]*|href="${origin}/websub"`));
      expect(atom.body).toContain(`${origin}/websub`);
      expect(atom.body).toContain(`${origin}${path}`);
    }
  });

  it("a label change reaches every WebSub subscriber that carried the article, signed, retried after a failure, and down-ranks it", async () => {
    // the jury case is opened on chain and indexed before anyone subscribes: the deliveries below are the filing's
    const openTxHash = await jury.openOnChain(disputerKey, ids[2]!);
    const opened = (await chain.publicClient.getTransactionReceipt({ hash: openTxHash })).blockNumber;
    await until("the opening indexed", async () => BigInt((await api.send(networkStatus, {})).body.indexer.lastIndexedBlock ?? "0") >= opened);
    const outletSub = await startSubscriber();
    const networkSub = await startSubscriber({ failFirst: 2 });
    const refusing = await startSubscriber({ echo: false });
    try {
      const subscribe = (topic: string, callback: string, secret?: string) =>
        hub({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback, ...(secret ? { "hub.secret": secret } : {}) });
      expect((await subscribe(`${origin}/outlets/${SLUG}/feed.json`, outletSub.url, SECRET)).status).toBe(202);
      expect((await subscribe(`${origin}/feed.xml`, networkSub.url, SECRET)).status).toBe(202);
      expect((await subscribe(`${origin}/outlets/${SLUG}/feed.xml`, refusing.url)).status).toBe(202);
      await until("intent verified", async () => (await report()).channels.websub.subscribers.active === 1 && networkSub.verifications.length === 1 && refusing.verifications.length === 1);
      expect(outletSub.verifications[0]).toMatchObject({ mode: "subscribe", topic: `${origin}/outlets/${SLUG}/feed.json` });
      // a subscriber that does not echo the challenge is not subscribed
      expect((await report()).channels.websub.subscribers).toMatchObject({ active: 1, pending: 1, denied: 1 });

      const disputed = await api.postRaw(capsuleDispute, { id: ids[2]! }, disputerKey, { grounds: "The dredging contract was signed last year, not this month.", openTxHash });
      expect(disputed.status, JSON.stringify(disputed.body)).toBe(201);

      const toOutlet = await until("the outlet feed delivery", () => outletSub.deliveries[0]);
      expect(toOutlet.headers["content-type"]).toContain("application/feed+json");
      expect(verifyHubSignature(SECRET, toOutlet.body, String(toOutlet.headers["x-hub-signature"]))).toBe(true);
      expect(verifyHubSignature("another secret", toOutlet.body, String(toOutlet.headers["x-hub-signature"]))).toBe(false);
      expect(toOutlet.headers.link).toContain(`<${origin}/websub>; rel="hub"`);
      const carried = JSON.parse(toOutlet.body).items.find((i: Json) => i._capsule.capsule_id === ids[2]);
      expect(carried._capsule.integrity_label).toBe("contested");

      const toNetwork = await until("the network feed delivery after two 503s", () => networkSub.deliveries[0]);
      expect(networkSub.attempts()).toBe(3);
      expect(verifyHubSignature(SECRET, toNetwork.body, String(toNetwork.headers["x-hub-signature"]))).toBe(true);
      expect(toNetwork.body).toContain('term="contested"');
      expect(refusing.deliveries).toHaveLength(0);

      // feed position: the contested article is the newest, yet ranks last on the network feed and the front page
      const entries = [...toNetwork.body.matchAll(/<id>[^<]*\/read\/(\d+)<\/id>/g)].map((m) => m[1]);
      expect(entries.filter((id) => ids.includes(id!))).toEqual([ids[1], ids[0], ids[2]]);
      const front = (await text(`/?outlet=${SLUG}`)).body;
      const order = [...front.matchAll(/data-capsule-id="(\d+)"/g)].map((m) => m[1]);
      expect(order).toEqual([ids[1], ids[0], ids[2]]);
      expect(front).toContain("Why is this here?");
      expect(front).toContain("the article is labelled contested");
      const outletFeed = (await text(`/outlets/${SLUG}/feed.xml`)).body;
      expect([...outletFeed.matchAll(/<id>[^<]*\/read\/(\d+)<\/id>/g)].map((m) => m[1])).toEqual([ids[2], ids[1], ids[0]]);

      const channels = (await report()).channels.websub;
      expect(channels.deliveries).toMatchObject({ failed: 0 });
      expect(channels.deliveries.delivered).toBeGreaterThanOrEqual(1);
      expect(channels.lastDeliveredAt).not.toBeNull();
    } finally {
      await Promise.all([outletSub.close(), networkSub.close(), refusing.close()]);
    }
  });

  it("refuses bad hub requests with the bridge's error shape", async () => {
    const bad = async (fields: Record<string, string>, field: string) => {
      const res = await hub(fields);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400 });
      expect(body.issues.map((i: Json) => i.path)).toContain(field);
    };
    await bad({ "hub.mode": "publish", "hub.topic": `${origin}/feed.xml`, "hub.callback": "http://127.0.0.1:9/x" }, "hub.mode");
    await bad({ "hub.mode": "subscribe", "hub.topic": `${origin}/api/capsules`, "hub.callback": "http://127.0.0.1:9/x" }, "hub.topic");
    await bad({ "hub.mode": "subscribe", "hub.topic": `${origin}/feed.xml`, "hub.callback": "ftp://127.0.0.1/x" }, "hub.callback");
    await bad({ "hub.mode": "subscribe", "hub.topic": `${origin}/outlets/no-such-outlet/feed.xml`, "hub.callback": "http://127.0.0.1:9/x" }, "hub.topic");
    const form = await fetch(`${stack.baseUrl}/websub`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(form.status).toBe(415);
  });
});
