import { createHash } from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleDesk, keyAddress } from "./support/capsule-desk";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, expectNoOverflowAt360, phoneShot, shot, signIn, watchConsole } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Harbour Desk");

// The newsroom in the browser (issue #7, Tests): a journalist drafts with evidence and contributors
// and submits (the wallet pays the fee); two editors in two browser contexts vote and each page shows
// the other's vote without a reload; chain time is advanced past the window and the vote is closed
// (finalized); a correction is published and the history shows both; a reader opens the finalized
// article and verifies a piece of evidence. Outlet, bonds and roles are set up through the bridge.

test.describe.configure({ mode: "serial" });

const OWNER = 4;
const JOURNALIST = 6;
const EDITOR_A = 7;
const EDITOR_B = 8;
const CONTRIBUTOR = 9;
const WINDOW_SECONDS = 259_200;
const slug = `desk-${Date.now().toString(36)}`;

const evidenceText = `Harbour authority memo, ${new Date().toISOString()}\nDredging starts on 3 March; the budget is 4.2 million.\n`;
const evidenceSha = `0x${createHash("sha256").update(evidenceText).digest("hex")}`;
const originalBody = [
  "# Harbour dredging starts in March",
  "",
  "The harbour authority confirmed on **Monday** that dredging of the inner basin starts on 3 March.",
  "",
  "- Budget: 4.2 million",
  "- Duration: six weeks",
  "",
  "<script>alert('not run')</script>",
].join("\n");
const correctedBody = originalBody.replace("six weeks", "eight weeks").replace("on **Monday**", "on **Tuesday**");
// a correction may change more than the body: its title, standfirst and claims are compared too
const correctedTitle = "Harbour dredging starts in March for eight weeks";
const correctedStandfirst = "The works last eight weeks, not six.";

const desk = capsuleDesk();
const ids = { background: "", original: "", correction: "" };

type Actor = { context: BrowserContext; page: Page; errors: string[]; address: string };
const actors: Partial<Record<"journalist" | "editorA" | "editorB" | "reader", Actor>> = {};

async function openActor(browser: Browser, keyIndex: number | undefined, viewport = { width: 1280, height: 800 }): Promise<Actor> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const address = keyIndex === undefined ? "" : (await installTestWallet(page, keyIndex)).address;
  return { context, page, errors, address };
}

/** Marks the document; a reload or navigation would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __capsuleNoReload: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __capsuleNoReload?: boolean }).__capsuleNoReload === true);

test.beforeAll(async () => {
  await desk.deposit(JOURNALIST, "100");
  await desk.deposit(EDITOR_A, "250");
  await desk.deposit(EDITOR_B, "250");
  await desk.activeOutlet(OWNER, slug, OUTLET_NAME);
  await desk.grantRole(OWNER, slug, JOURNALIST, ROLE.JOURNALIST);
  await desk.grantRole(OWNER, slug, EDITOR_A, ROLE.EDITOR);
  await desk.grantRole(OWNER, slug, EDITOR_B, ROLE.EDITOR);
  // an earlier piece the new capsule cites
  const background = await desk.call(capsuleCreate, { body: { title: "Harbour budget approved", body: "The council approved the harbour budget.", outletSlug: slug } }, JOURNALIST);
  ids.background = background.capsuleId;
});

test.afterEach(async () => {
  for (const [name, actor] of Object.entries(actors)) expect(actor?.errors ?? [], `console errors on the ${name}'s page`).toEqual([]);
});

test.afterAll(async () => {
  for (const actor of Object.values(actors)) await actor?.context.close();
});

test("a journalist drafts with evidence and contributors, and submits paying the fee", async ({ browser }) => {
  const journalist = (actors.journalist = await openActor(browser, JOURNALIST));
  const { page } = journalist;

  await page.goto("/newsroom");
  await expect(page.getByTestId("newsroom-connect")).toBeVisible();
  await signIn(page);
  await expect(page.getByTestId("my-drafts")).toContainText("Harbour budget approved");
  await expect(page.getByTestId("open-votes")).toContainText("No capsule is being voted on");
  await shot(page, "capsules-newsroom-empty");

  await page.getByRole("link", { name: "New capsule" }).click();
  await expect(page.getByRole("heading", { name: "New capsule", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Draft" });

  // a field error from the route's own schema, next to the field
  await form.getByLabel("Source URL").fill("harbour.example.org/notice");
  await expect(page.locator("#draft-source-error")).toHaveText("Enter an http or https URL.");
  await expect(form.getByLabel("Source URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("autosave-status")).toHaveText("Not saved yet: a draft is saved once it has a title and a body.");
  await shot(page, "capsules-draft-new");
  await form.getByLabel("Source URL").fill("https://harbour.example.org/notice");
  await form.getByLabel("Title").fill("Harbour dredging starts in March");
  await form.getByLabel("Category").fill("local");
  await form.getByLabel("Tags").fill("harbour, budget");
  await form.getByLabel("Body", { exact: true }).fill(originalBody);
  await form.getByLabel("Rights notes").fill("Staff text; CC BY 4.0.");

  // the live preview renders Markdown and shows HTML as text
  const preview = page.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Harbour dredging starts in March" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("Monday");
  await expect(preview).toContainText("<script>alert('not run')</script>");

  // autosave creates the draft and moves the address to its editor
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await page.waitForURL(/\/capsules\/\d+\/edit$/);
  ids.original = /\/capsules\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  expect(ids.original).not.toBe("");
  await expect(page.getByRole("heading", { name: `Draft #${ids.original}`, level: 1 })).toBeVisible();

  // evidence: the file is hashed in the browser and stored in the vault
  await form.getByLabel("Add an evidence file").setInputFiles({ name: "harbour-memo.txt", mimeType: "text/plain", buffer: Buffer.from(evidenceText) });
  const evidence = page.getByTestId("evidence-item");
  await expect(evidence).toHaveCount(1);
  await expect(evidence.getByTestId("evidence-hash")).toHaveValue(evidenceSha);
  await expect(evidence.getByLabel("Link", { exact: true })).toHaveValue(`${pathOf(vaultObject, { objectId: evidenceSha.slice(2) })}?download=1`);
  await expect(evidence.getByLabel("File type")).toHaveValue("text/plain");
  await expect(evidence.getByLabel("Primary evidence")).toBeChecked();
  await evidence.getByLabel("Description").fill("Harbour authority memo");

  // contributors: shares in percent (the API still takes basis points), the live sum must reach 100 %
  const contributors = page.getByTestId("contributor-item");
  // a name is required, the author's own included: Submit waits for it
  const nameRule = "Enter the name readers see in the byline: the capsule cannot be submitted without it.";
  await expect(page.locator("#contributor-0-name-error")).toHaveText(nameRule);
  await expect(contributors.nth(0).getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("submit-panel")).toContainText("Enter your display name under Contributors before submitting: it is the name readers see in the byline.");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId("contributors-editor").screenshot({ path: `test-results/screenshots/contributor-name-required-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await contributors.nth(0).getByLabel("Display name").fill("Ada Reporter");
  await expect(page.locator("#contributor-0-name-error")).toHaveCount(0);
  await contributors.nth(0).getByLabel("Share (percent)").fill("70");
  await expect(page.getByTestId("share-total")).toHaveText("Shares: 70 % of 100 % — 30 % left to assign");
  await page.getByRole("button", { name: "Add contributor" }).click();
  await expect(contributors).toHaveCount(2);
  await contributors.nth(1).getByLabel("Display name").fill("   ");
  await expect(page.locator("#contributor-1-name-error")).toHaveText(nameRule);
  await contributors.nth(1).getByLabel("Display name").fill("Ben Researcher");
  await contributors.nth(1).getByLabel("Wallet").fill(keyAddress(CONTRIBUTOR));
  await expect(contributors.nth(1).getByLabel("Share (percent)")).toHaveValue("30");
  await expect(page.getByTestId("share-total")).toHaveText("Shares: 100 % of 100 % ✓");
  await expect(page.getByTestId("contributors-editor")).not.toContainText(/basis points|bps/);
  await expect(page.getByTestId("evidence-editor")).not.toContainText(/MIME|URI/);

  // a supporting capsule with its relationship type; a wrong id's error goes once the id is corrected
  await page.getByLabel("Capsule id").fill("9999");
  await page.getByRole("button", { name: "Add relation" }).click();
  await expect(page.getByTestId("supporting-error")).toBeVisible();
  await page.getByLabel("Capsule id").fill(ids.background);
  await expect(page.getByTestId("supporting-error")).toHaveCount(0);
  const seen = actors.journalist?.errors ?? [];
  seen.splice(0, seen.length, ...seen.filter((line) => !/status of 404 .*\/capsules\/\d+\/supporting$/.test(line))); // the refused relation, expected
  await page.getByLabel("Relationship").selectOption("cites");
  await page.getByRole("button", { name: "Add relation" }).click();
  await expect(page.getByTestId("supporting-editor")).toContainText(`Cites capsule #${ids.background}`);

  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("fee-split").locator("tr")).toHaveCount(6);
  await expect(page.getByTestId("fee-split")).toContainText("Validators");
  await expect(page.getByTestId("fee-split")).toContainText("10.5 CAP");
  await shot(page, "capsules-draft-editor");
  await phoneShot(page, "capsules-draft-editor-phone");

  // the saved draft is what the bridge holds
  const saved = await desk.call(capsuleRead, { params: { id: ids.original } }, JOURNALIST); // a signed read: drafts are private
  expect(saved.capsule.status).toBe("draft");
  expect(saved.evidence).toHaveLength(1);
  expect(saved.contributors.map((c) => c.shareBps)).toEqual([7000, 3000]);

  // submit: the wallet pays 30 CAP; the page follows the transaction until the vote is open
  await page.getByRole("button", { name: "Submit and pay 30 CAP" }).click();
  await expect(page.getByTestId("submit-progress")).toBeVisible();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until");
  await expect(page.getByTestId("submit-tx")).toHaveText(/^0x[0-9a-f]{64}$/);
  // no longer called a draft once submitted
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Capsule #${ids.original} submitted`);
  // submitted: the form says so and where the vote is, and its fields are read-only and look it
  const note = page.getByTestId("draft-submitted-note");
  await expect(note).toContainText("Submitted for the editors’ vote: the text below is what they vote on and can no longer be changed. Voting is open until");
  await expect(note.getByRole("link", { name: "the capsule’s page" })).toHaveAttribute("href", `/capsules/${ids.original}`);
  const submittedForm = page.getByRole("form", { name: "Submitted capsule" });
  for (const label of ["Title", "Category", "Tags", "Rights notes", "Description", "Display name", "Share (percent)"]) await expect(submittedForm.getByLabel(label).first()).toBeDisabled();
  await expect(submittedForm.getByLabel("Body", { exact: true })).toBeDisabled();
  for (const name of ["Add contributor", "Add by link"]) await expect(submittedForm.getByRole("button", { name })).toBeDisabled();
  expect(await submittedForm.getByLabel("Title").evaluate((el) => getComputedStyle(el).backgroundColor), "a read-only field is not a white box").not.toBe("rgb(255, 255, 255)");
  await shot(page, "capsules-submitted");
  await bothWidths(page, "submitted-editor", "capsules");

  await page.getByRole("link", { name: "Newsroom", exact: true }).first().click();
  await expect(page.getByTestId("open-votes").getByTestId("capsule-row").filter({ hasText: "Harbour dredging starts in March" }).getByTestId("countdown")).toContainText(/\d+d \d\dh/);
});

test("two editors vote in two browsers and each page shows the other's vote without a reload", async ({ browser }) => {
  const editorA = (actors.editorA = await openActor(browser, EDITOR_A));
  const editorB = (actors.editorB = await openActor(browser, EDITOR_B));
  for (const editor of [editorA, editorB]) {
    await editor.page.goto(`/capsules/${ids.original}`);
    await expect(editor.page.getByTestId("capsule-status")).toHaveText("Voting");
    await signIn(editor.page);
    await expect(editor.page.getByRole("button", { name: "Vote yes" })).toBeVisible();
    await expect(editor.page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
    await expect(editor.page.getByTestId("no-voters")).toBeVisible();
    await markDocument(editor.page);
  }
  await expect(editorA.page.getByTestId("countdown")).toContainText(/\d+d \d\dh/);
  await shot(editorA.page, "capsules-vote-open");
  // the author holds no Editor role: told that, not that the snapshot left the wallet out
  const author = actors.journalist!.page;
  await author.goto(`/capsules/${ids.original}`);
  await expect(author.getByTestId("not-eligible")).toHaveAttribute("data-reason", "role");
  await expect(author.getByTestId("not-eligible")).toHaveText(/^Only Editors of .+ vote on its capsules\.$/);

  await editorA.page.getByRole("button", { name: "Vote yes" }).click();
  await editorA.page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(editorA.page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  // the other page heard the VoteCast event over the WebSocket gateway, and re-read the bridge's tally
  await expect(editorB.page.getByTestId("live-state")).toHaveAttribute("data-events", "1");
  await expect(editorB.page.locator(`[data-testid=voter][data-voter="${editorA.address}"]`)).toContainText("Yes");
  // the editors' keys are shared with other specs on this stack, so their bonds differ: the page shows the bridge's tally
  const tally = await desk.call(capsuleRead, { params: { id: ids.original } });
  expect(Number(tally.capsule.weightedParticipation)).toBeGreaterThan(0);
  expect(Number(tally.capsule.weightedParticipation)).toBeLessThan(100);
  await expect(editorB.page.getByTestId("participation")).toHaveText(tally.capsule.weightedParticipation);

  // from the keyboard: the confirmation takes focus at its reason box, and Cancel gives it back to the vote buttons
  await editorB.page.getByRole("button", { name: "Vote yes" }).focus();
  await editorB.page.keyboard.press("Enter");
  await expect(editorB.page.getByTestId("vote-reason")).toBeFocused();
  await editorB.page.getByTestId("vote-confirm").getByRole("button", { name: "Cancel" }).focus();
  await editorB.page.keyboard.press("Enter");
  await expect(editorB.page.getByRole("button", { name: "Vote yes" })).toBeFocused();
  await editorB.page.getByRole("button", { name: "Vote yes" }).click();
  await editorB.page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(editorB.page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  await expect(editorA.page.getByTestId("live-state")).toHaveAttribute("data-events", "2");
  await expect(editorA.page.locator(`[data-testid=voter][data-voter="${editorB.address}"]`)).toContainText("Yes");
  for (const editor of [editorA, editorB]) {
    await expect(editor.page.getByTestId("voter")).toHaveCount(2);
    await expect(editor.page.getByTestId("weighted-yes")).toHaveText("100.00");
    await expect(editor.page.getByTestId("participation")).toHaveText("100.00");
    expect(await stillSameDocument(editor.page)).toBe(true);
  }
  await shot(editorA.page, "capsules-vote-both");
  await phoneShot(editorB.page, "capsules-vote-both-phone");
});

test("after the window the vote is closed and the outcome shows at once", async () => {
  const editorA = actors.editorA!;
  const editorB = actors.editorB!;
  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await expect(editorA.page.getByTestId("countdown")).toHaveText("Voting closed");
  await expect(editorA.page.getByTestId("close-panel")).toBeVisible();
  await shot(editorA.page, "capsules-window-passed");
  await editorA.page.getByRole("button", { name: "Close the vote" }).click();
  await expect(editorA.page.getByTestId("outcome")).toContainText("Accepted and finalized on chain");
  await expect(editorA.page.getByTestId("capsule-status")).toHaveText("Finalized");
  await expect(editorA.page.getByRole("link", { name: "Open a dispute" })).toHaveAttribute("href", `/capsules/${ids.original}/dispute`);
  // the other editor's page learns it without a reload
  await expect(editorB.page.getByTestId("capsule-status")).toHaveText("Finalized");
  expect(await stillSameDocument(editorB.page)).toBe(true);
  await shot(editorA.page, "capsules-finalized");

  const journalist = actors.journalist!;
  await journalist.page.goto("/newsroom");
  await expect(journalist.page.getByTestId("recently-finalized")).toContainText("Harbour dredging starts in March");
  await shot(journalist.page, "capsules-newsroom");
  await phoneShot(journalist.page, "capsules-newsroom-phone");
});

test("a correction is published and the history shows both versions", async () => {
  const { page } = actors.journalist!;
  await page.goto(`/capsules/${ids.original}/history`);
  await expect(page.getByTestId("history-entry")).toHaveCount(1);
  await page.getByLabel("Reason").fill("The works last eight weeks, and the authority confirmed on Tuesday.");
  await page.getByRole("button", { name: "Publish a correction" }).click();
  await page.waitForURL(/\/capsules\/\d+\/edit$/);
  ids.correction = /\/capsules\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  expect(ids.correction).not.toBe(ids.original);
  await expect(page.getByTestId("revision-note")).toContainText(`Correction of capsule #${ids.original}`);

  const form = page.getByRole("form", { name: "Draft" });
  await expect(form.getByLabel("Body", { exact: true })).toHaveValue(originalBody);
  await form.getByLabel("Body", { exact: true }).fill(correctedBody);
  await form.getByLabel("Title").fill(correctedTitle);
  await form.getByLabel("Standfirst (optional)").fill(correctedStandfirst);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  await desk.call(capsuleClaimsSet, { params: { id: ids.correction }, body: { claims: [{ exact: "eight weeks", claimType: "statistic", evidenceIds: [] }] } }, JOURNALIST);
  await page.getByRole("button", { name: "Submit and pay 30 CAP" }).click();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until");

  await page.goto(`/capsules/${ids.original}/history`);
  const entries = page.getByTestId("history-entry");
  await expect(entries).toHaveCount(2);
  // while the correction is under vote the original is still what readers see (the chain already marks it
  // superseded): it stays finalized and current, and the correction says it is under vote
  await expect(entries.nth(0).getByTestId("capsule-status")).toHaveText("Finalized");
  await expect(entries.nth(0).getByTestId("history-current")).toHaveText("Current");
  await expect(entries.nth(1).getByTestId("capsule-status")).toHaveText("Correction under vote");
  await expect(entries.nth(1).getByTestId("history-current")).toHaveCount(0);
  await expect(entries.nth(1).getByTestId("revision-reason")).toContainText("eight weeks");
  await expect(page.getByTestId("diff-stats")).toContainText("2 lines added, 2 removed");
  // word level: within the changed line only the changed word is marked, on each side
  const changedLine = page.getByTestId("diff").locator('[data-kind="changed"]').first();
  await expect(changedLine.locator("ins")).toHaveText(["Tuesday"]);
  await expect(changedLine.locator("del")).toHaveText(["Monday"]);
  // "Compare versions" names the other fields the correction changed, word by word
  const fieldDiff = (field: string) => page.locator(`[data-testid="field-diff"][data-field="${field}"]`);
  await expect(fieldDiff("title")).toHaveAttribute("data-changed", "true");
  await expect(fieldDiff("title").locator("ins")).toContainText("for eight weeks");
  await expect(fieldDiff("subtitle")).toHaveAttribute("data-changed", "true");
  await expect(fieldDiff("subtitle").locator("ins")).toContainText(correctedStandfirst);
  await expect(fieldDiff("claims")).toHaveAttribute("data-changed", "true");
  await expect(fieldDiff("claims").locator("ins")).toContainText("Claim 1 (Statistic): “eight weeks”");
  await bothWidths(page, "history-correction-under-vote", "desk-words");
  await expectNoOverflowAt360(page);

  // the original's own page agrees, and so does the reader's page: still the current version, a correction under vote
  await page.goto(`/capsules/${ids.original}`);
  await expect(page.getByTestId("capsule-status")).toHaveText("Finalized");
  await expect(page.getByTestId("outcome-superseded")).toContainText(`Correction #${ids.correction} of this version is under vote; readers see this version until it is finalized`);
  // still the article readers see, so still the one to dispute (the chain's superseded mark does not change that);
  // not by its own journalist, whom the jury court refuses (OwnArticle): the dispute page says so instead of a form
  await expect(page.getByRole("link", { name: "Open a dispute" })).toHaveCount(0);
  await page.goto(`/capsules/${ids.original}/dispute`);
  await expect(page.getByTestId("dispute-not-finalized")).toHaveCount(0);
  await expect(page.getByTestId("dispute-own-article")).toBeVisible();
  await page.goto(`/capsules/${ids.original}`);
  await bothWidths(page, "capsule-original-under-vote", "desk-words");
  await page.goto(`/read/${ids.original}`);
  await expect(page.getByTestId("correction-under-vote")).toBeVisible();
  await expect(page.getByTestId("superseded-note")).toHaveCount(0);

  // the correction's vote page shows the reason and the diff against the current version beside Yes/No
  await page.goto(`/capsules/${ids.correction}`);
  const brief = page.getByTestId("correction-brief");
  await expect(brief.getByTestId("correction-reason")).toHaveText("The works last eight weeks, and the authority confirmed on Tuesday.");
  await expect(brief.getByTestId("diff-stats")).toContainText(`Current #${ids.original} → This correction #${ids.correction}: 2 lines added, 2 removed`);
  await expect(brief.locator('[data-kind="changed"] ins')).toHaveText(["Tuesday", "eight"]);
  // and the other fields the correction changed, as "Compare versions" shows them
  await expect(brief.locator('[data-testid="field-diff"][data-field="title"]')).toHaveAttribute("data-changed", "true");
  await expect(brief.locator('[data-testid="field-diff"][data-field="claims"] ins')).toContainText("Claim 1 (Statistic): “eight weeks”");
  await shot(page, "capsules-correction-vote");
  await phoneShot(page, "capsules-correction-vote-phone");
  await expectNoOverflowAt360(page);

  // the editors accept the correction (relayed ballots), time passes, and the journalist closes the vote
  await desk.vote(EDITOR_A, ids.correction, true);
  await desk.vote(EDITOR_B, ids.correction, true);
  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await page.goto(`/capsules/${ids.correction}`);
  await page.getByRole("button", { name: "Close the vote" }).click();
  await expect(page.getByTestId("outcome")).toContainText("Accepted and finalized on chain");
  // finalized, the correction is what readers see: the version it revised is the previous one
  await expect(brief.getByTestId("diff-stats")).toContainText(`Previous #${ids.original} → This correction #${ids.correction} (current): 2 lines added, 2 removed`);

  await page.goto(`/capsules/${ids.correction}/history`);
  // only now is the original superseded, and the correction current
  await expect(entries.nth(0).getByTestId("capsule-status")).toHaveText("Superseded");
  await expect(entries.nth(0).getByTestId("history-current")).toHaveCount(0);
  await expect(entries.nth(1).getByTestId("capsule-status")).toHaveText("Finalized");
  await expect(entries.nth(1).getByTestId("history-current")).toHaveText("Current");
  await bothWidths(page, "history-correction-finalized", "desk-words");
  // the original is no longer the article: its page says what replaced it, and a dispute goes to the correction
  await page.goto(`/capsules/${ids.original}`);
  await expect(page.getByTestId("outcome-superseded")).toContainText(`Correction #${ids.correction} replaced this version`);
  await expect(page.getByRole("link", { name: "Open a dispute" })).toHaveCount(0);
  await page.goto(`/capsules/${ids.original}/dispute`);
  await expect(page.getByTestId("dispute-not-finalized")).toContainText("replaced by a finalized correction");
  await expect(page.getByRole("link", { name: "Dispute the current version" })).toHaveAttribute("href", `/capsules/${ids.correction}/dispute`);
  await page.goto(`/capsules/${ids.correction}/history`);
  await shot(page, "capsules-history");
  await phoneShot(page, "capsules-history-phone");
});

test("a reader opens the finalized article and verifies a piece of evidence", async ({ browser }) => {
  const reader = (actors.reader = await openActor(browser, undefined));
  const { page } = reader;

  // the original says it was superseded and leads to the current version
  await page.goto(`/read/${ids.original}`);
  await expect(page.getByTestId("superseded-note")).toBeVisible();
  await expect(page.getByTestId("reader-outlet")).toContainText(OUTLET_NAME);
  await shot(page, "capsules-reader-superseded");
  await page.getByRole("link", { name: "Read the current version" }).click();
  await page.waitForURL(`**/read/${ids.correction}`);

  await expect(page.getByTestId("reader-title")).toHaveText(correctedTitle);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "corrected");
  await expect(page.getByTestId("integrity-label")).toContainText("Corrected");
  await expect(page.getByTestId("integrity-explanation")).toContainText("correction");
  await expect(page.getByTestId("reader-body")).toContainText("eight weeks");
  await expect(page.getByTestId("reader-contributors")).toContainText("Ada Reporter");
  await expect(page.getByTestId("reader-contributors")).toContainText("Ben Researcher");
  await expect(page.getByTestId("reader-outlet").getByRole("link", { name: OUTLET_NAME })).toHaveAttribute("href", `/outlets/${slug}`);
  await expect(page.getByTestId("finalize-tx")).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(page.getByTestId("finalize-block")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("finalization-check")).toContainText(`it finalized capsule #${ids.correction}`);
  await expect(page.getByTestId("body-hash-check")).toContainText("hashes (SHA-256) to the content hash");
  await expect(page.getByRole("link", { name: "Open a dispute" })).toHaveAttribute("href", `/capsules/${ids.correction}/dispute`);

  const item = page.getByTestId("reader-evidence-item").filter({ hasText: "Harbour authority memo" });
  await expect(item).toContainText(evidenceSha);
  await item.getByRole("button", { name: /Verify/ }).click();
  await expect(item.getByTestId("verify-result")).toContainText("Matches the recorded hash");
  await shot(page, "capsules-reader");
  await phoneShot(page, "capsules-reader-phone");
});
