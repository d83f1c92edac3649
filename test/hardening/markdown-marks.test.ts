import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { devKeys } from "@/test/support/anvil";
import { dialectsUnderTest } from "@/test/support/stack";
import { openJournalistDesk, type JournalistDesk } from "./journalist-desk";

// Attacker's pass on a fresh clone: one paragraph of tens of thousands of `*a` or `]` took micromark minutes of CPU
// on the reader's page, every listing's excerpt and the revision history (lib/markdown/inline-marks.ts). A body whose
// paragraph holds more than 1,000 of * _ ~ [ ] is refused at the route with the seed's 400, and nothing is written.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey] = devKeys;
const SLUG = "markdown-marks-desk";
const refusal = (line: number) => ({
  ok: false,
  error: "VALIDATION_ERROR",
  message: "Invalid body: body",
  statusCode: 400,
  issues: [{ path: "body", message: `the paragraph from line ${line} holds more than 1,000 of * _ ~ [ ]; split it with a blank line` }],
});

describe.each(dialects)("emphasis and link marks in one paragraph on %s", (dialect) => {
  let desk: JournalistDesk;
  beforeAll(async () => {
    desk = await openJournalistDesk({ dialect, slug: SLUG, ownerKey, journalistKey, draft: { title: "Harbour bridge reopens", body: "The council says the works are done." } });
  }, 300_000);
  afterAll(async () => {
    await desk?.close();
  });

  it("refuses a new or edited body past the limit, and takes one at it", async () => {
    const past = `Intro\n\n${"*a".repeat(1000)}\n]`;
    const created = await desk.api.send(capsuleCreate, { body: { title: "Marks", body: past, outletSlug: SLUG } }, journalistKey);
    expect(created.status, created.text).toBe(400);
    expect(created.body).toEqual(refusal(3));

    const updated = await desk.api.send(capsuleUpdate, { body: { capsuleId: desk.draftId, body: `${"]".repeat(60_000)} the end` } }, journalistKey);
    expect(updated.status, updated.text).toBe(400);
    expect(updated.body).toEqual(refusal(1));
    const read = await desk.api.call(capsuleRead, { params: { id: desk.draftId } }, journalistKey);
    expect(read.content?.body).toBe("The council says the works are done.");

    const at = `Intro\n\n${"*a".repeat(500)}\n\n${"[b](https://example.org/c) ".repeat(500)}`;
    const accepted = await desk.api.send(capsuleCreate, { body: { title: "Marks at the limit", body: at, outletSlug: SLUG } }, journalistKey);
    expect(accepted.status, accepted.text).toBe(201);
  });
});
