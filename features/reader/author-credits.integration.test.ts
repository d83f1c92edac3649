import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { NewCapsule } from "@/lib/db/tables/capsules.table";
import { authorRecord } from "@/features/reader/author-record";
import { selfGivenNames } from "@/features/reader/reader.repository";
import { shortAddress } from "@/lib/wallet/short-address";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { activeOutlet, addr, sha, type Api } from "@/features/capsules/capsules.test-support";

// Security review 3, item 2: a credit is written by whoever submits the capsule, so another wallet's
// text must not become an author's name, nor another's article count in the author's record.

const dialects = await dialectsUnderTest();
const [, ownerKey, annaKey, xKey] = devKeys;
const [anna, x] = [addr(annaKey), addr(xKey)];
const SLUG = "author-credits-desk";
const SMEAR = "Anna Alpha (confessed plagiarist)";

/** The page's <h1> text. */
const heading = (html: string) => (html.match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

describe.each(dialects)("an author's page on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;

  const publish = async (slug: string, title: string, submitter: string, label: NewCapsule["integrity_label"], credits: Array<{ wallet: string; name: string }>) => {
    const outlet = await handle.db.selectFrom("outlets").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const row = await handle.db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id, outlet_slug: SLUG, article_slug: slug, title, language: "en", tags_json: "[]", body: `${title} text`, metadata_uri: `ipfs://bafkrei${slug}`,
        content_hash: sha(2), submitter, capsule_type: "original", policy_id: "default", status: "finalized", finalized_at: now, submit_tx_hash: sha(now % 1000 + title.length),
        integrity_label: label, created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("capsule_contributors")
      .values(credits.map((c) => ({ capsule_id: row.id, wallet: c.wallet, display_name: c.name, role: 1, contribution_type: "author", share_bps: Math.floor(10000 / credits.length), attribution_uri: null, active: 1, created_at: now })))
      .execute();
    return String(row.id);
  };

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { withDatabase: true }));
    await activeOutlet(api, dns, ownerKey, SLUG);
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("takes neither the name nor the record from an article someone else submitted", async () => {
    const smear = await publish("smear", "Shocking fabricated expose", x, "fraudulent", [{ wallet: anna, name: SMEAR }]);
    let record = await authorRecord(handle.db, anna);
    expect(record).toMatchObject({ displayName: null, articles: [], record: { published: 0, courtFindings: 0 } });
    expect(record?.creditedByOthers.map((a) => a.capsuleId)).toEqual([smear]);

    let page = await api.get(`/authors/${anna}`);
    expect(page.status).toBe(200);
    expect(heading(page.text)).toBe(`Wallet ${shortAddress(anna)}`); // no name of her own yet: named as a wallet, not as if called 0x…
    expect(record?.creditedAs).toEqual([]); // nor by a role someone else credited her with
    expect(page.text).not.toContain("confessed plagiarist");
    expect(page.text).toContain("Credited by others");

    // her own article names her, with her own words; the smear stays apart and out of her record
    const own = await publish("own", "Harbour dredging report", anna, "verified", [{ wallet: anna, name: "Anna Alpha" }]);
    record = await authorRecord(handle.db, anna);
    expect(record).toMatchObject({ displayName: "Anna Alpha", record: { published: 1, courtFindings: 0 } });
    expect(record?.articles.map((a) => a.capsuleId)).toEqual([own]);
    expect(record?.creditedByOthers.map((a) => a.capsuleId)).toEqual([smear]);
    page = await api.get(`/authors/${anna}`);
    expect(heading(page.text)).toBe("Anna Alpha");
    expect(page.text).not.toContain("confessed plagiarist");

    // the submitter's own page still counts what they signed, crediting someone else included
    expect(await authorRecord(handle.db, x)).toBeUndefined();
    const shared = await publish("shared", "Shared piece", x, "fraudulent", [{ wallet: x, name: "X Writer" }, { wallet: anna, name: SMEAR }]);
    expect(await authorRecord(handle.db, x)).toMatchObject({ displayName: "X Writer", record: { published: 1, courtFindings: 1 } });
    expect((await authorRecord(handle.db, anna))?.creditedByOthers.map((a) => a.capsuleId).sort()).toEqual([smear, shared].sort());
  });

  it("names an editor who votes only with a name it gave itself (how the editors voted on the reader page)", async () => {
    // by now: X credited Anna under a smear and named itself "X Writer"; Anna named herself "Anna Alpha"
    const names = await selfGivenNames(handle.db, [anna.toUpperCase().replace("0X", "0x"), x, addr(devKeys[5]!)]);
    expect(names.get(anna.toLowerCase())).toBe("Anna Alpha");
    expect(names.get(x.toLowerCase())).toBe("X Writer");
    expect(names.size).toBe(2); // a wallet that never submitted a credited article has no name
    expect([...names.values()].join(" ")).not.toContain("confessed plagiarist");
    // her latest own credit wins; one that only repeats her address is no name
    await publish("later", "Quay works: the later report on the harbour walls and their repair costs", anna, "verified", [{ wallet: anna, name: "Anna A. Alpha" }]);
    await publish("unnamed", "Quay works: an unnamed follow-up on the harbour walls and the council vote", anna, "verified", [{ wallet: anna, name: anna }]);
    expect((await selfGivenNames(handle.db, [anna])).get(anna.toLowerCase())).toBe("Anna A. Alpha");
  });

  it("names a contributor credited under its address as a journalist at the outlet, not by the address nor a name it gave itself elsewhere", async () => {
    // a draft made without a contributors list credits its submitter under the address (defaultContributors)
    const byline = (html: string) => (html.match(/data-testid="byline-author"[^>]*>(.*?)<\/a>/s)?.[1] ?? "").replace(/<[^>]+>/g, "");
    const unnamed = (await handle.db.selectFrom("capsules").select("id").where("article_slug", "=", "unnamed").executeTakeFirstOrThrow()).id;
    let page = await api.get(`/read/${unnamed}`);
    expect(page.status).toBe(200);
    expect(byline(page.text)).toBe(`a journalist at Outlet ${SLUG}`); // not "Anna A. Alpha", a name she did not put on this article
    const stranger = addr(devKeys[6]!);
    const fresh = await publish("fresh", "Ferry timetable changes for the winter season", stranger, "verified", [{ wallet: stranger, name: stranger }]);
    page = await api.get(`/read/${fresh}`);
    expect(byline(page.text)).toBe(`a journalist at Outlet ${SLUG}`);
    expect(page.text).toContain(`"author":[{"@type":"Person","name":"a journalist at Outlet ${SLUG}"}]`);
    expect(page.text).toContain(`<meta property="article:author" content="a journalist at Outlet ${SLUG}"`);
    expect(page.text).not.toContain(`wallet ${shortAddress(stranger)}`);
    // the byline's link leads to a page that says the same of the wallet, its address folded below
    expect(await authorRecord(handle.db, stranger)).toMatchObject({ displayName: null, creditedAs: [{ role: 1, outletName: `Outlet ${SLUG}` }] });
    page = await api.get(`/authors/${stranger}`);
    expect(heading(page.text)).toBe(`A journalist at Outlet ${SLUG}`);
    expect(page.text).not.toContain(`Wallet ${shortAddress(stranger)}`);
  });
});
