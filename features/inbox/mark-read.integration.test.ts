import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { inboxMarkRead } from "@/features/inbox/mark-read.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { newestInboxId } from "@/features/inbox/inbox.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { bridgeClient } from "@/test/support/bridge-client";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";

// Attacker review: POST /api/inbox/mark-read took any id, so a wallet (a stale or buggy tab) could set
// its read mark past its newest entry and every entry still to come counted as read. The mark now
// stops at the wallet's newest entry (docs/DECISIONS.md, "The inbox's read mark stops at the newest entry").

const dialects = await dialectsUnderTest();

describe.each(dialects)("marking the inbox read on %s", (dialect) => {
  let stack: Stack;
  let handle: DatabaseHandle;
  let api: ReturnType<typeof bridgeClient>;

  beforeAll(async () => {
    stack = await startStack({ database: dialect, env: { CAPSULE_DEMO_DATA: "0", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" } });
    api = bridgeClient(stack.baseUrl);
    handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
  }, 300_000);
  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
  });

  const newWallet = () => {
    const key = generatePrivateKey();
    return { key, address: privateKeyToAccount(key).address };
  };

  /** An inbox entry (a role offer) for the wallet, or an activity row of another kind; answers its id. */
  async function entry(wallet: string, kind = "inbox.role_offered"): Promise<string> {
    const details = { offerId: "1", roleId: 3, roleName: "Editor", outletName: "The Ledger", offeredAs: "owner", expiresAt: "1893456000" };
    await insertActivity(handle.db, [{ wallet, kind, outletSlug: "ledger", subjectId: "1", details, createdAt: Math.floor(Date.now() / 1000) }]);
    return String(await newestInboxId(handle.db, wallet, [kind]));
  }

  async function markRead(key: Hex, upToId?: string) {
    const res = await api.send(inboxMarkRead, { body: upToId === undefined ? {} : { upToId } }, key);
    expect(res.status, res.text).toBe(200);
    return res.body as { lastReadId: string; unreadCount: number };
  }

  async function inbox(key: Hex) {
    const res = await api.send(inboxRead, { body: { limit: 100 } }, key);
    expect(res.status, res.text).toBe(200);
    return res.body as { unreadCount: number; items: Array<{ id: string; unread: boolean }> };
  }

  it("stops a mark beyond the newest entry at that entry, so entries that come later are unread", async () => {
    const me = newWallet();
    const other = newWallet();
    await entry(me.address);
    const newest = await entry(me.address);
    // later rows that are not this wallet's inbox: another wallet's entry, this wallet's own activity
    const othersEntry = await entry(other.address);
    const ownActivity = await entry(me.address, "capsule.claims_set");
    expect(Number(ownActivity)).toBeGreaterThan(Number(othersEntry));

    expect(await markRead(me.key, "2147483647")).toEqual({ ok: true, wallet: me.address, lastReadId: newest, unreadCount: 0 });
    expect(await markRead(me.key, othersEntry)).toMatchObject({ lastReadId: newest });

    const later = await entry(me.address);
    const read = await inbox(me.key);
    expect(read.unreadCount).toBe(1);
    expect(read.items.map((item) => [item.id, item.unread])).toEqual([
      [later, true],
      [newest, false],
      [expect.any(String), false],
    ]);
  });

  it("still moves forward only, marks everything with {} and up to a given entry", async () => {
    const me = newWallet();
    const [first, second, third] = [await entry(me.address), await entry(me.address), await entry(me.address)];
    expect(await markRead(me.key, second)).toMatchObject({ lastReadId: second, unreadCount: 1 });
    expect(await markRead(me.key, first)).toMatchObject({ lastReadId: second, unreadCount: 1 });
    expect(await markRead(me.key)).toMatchObject({ lastReadId: third, unreadCount: 0 });
  });

  it("leaves an empty inbox at 0 whatever id it is sent, and its first entry unread", async () => {
    const me = newWallet();
    expect(await markRead(me.key, "42")).toMatchObject({ lastReadId: "0", unreadCount: 0 });
    expect(await markRead(me.key)).toMatchObject({ lastReadId: "0", unreadCount: 0 });
    // nothing is stored for it: wallets cost nothing to make, and each would otherwise leave a row behind
    expect(await handle.db.selectFrom("inbox_reads").select("wallet").where("wallet", "=", me.address).execute()).toEqual([]);
    const first = await entry(me.address);
    expect(await inbox(me.key)).toMatchObject({ unreadCount: 1, items: [{ id: first, unread: true }] });
  });
});
