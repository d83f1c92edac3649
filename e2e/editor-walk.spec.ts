import { expect, test } from "@playwright/test";
import { displayAddress } from "@/lib/wallet/short-address";
import { ROLE } from "@/lib/roles/role-catalog";
import { keyAddress } from "./support/capsule-desk";
import { newsroomDesk } from "./support/newsroom-desk";
import { actorCast, bothWidths, signIn, type Actor } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Walking Desk");

// An editor's day and an outlet owner's, walked in the browser (docs/DECISIONS.md, 2026-12-06): a screen reader hears
// the tally change as pushed votes arrive; the window that closes while an editor is confirming a vote says that nothing
// was cast instead of taking the panel away without a word, and so does a role revoked mid-vote; a revocation says what
// it did where the focus lands, and the revoked editor's inbox says who revoked which role.

test.describe.configure({ mode: "serial" });

const OWNER = 3; // outlet owner, its first Editor and the capsule's journalist
const EDITOR = 5; // an Editor granted by the owner, revoked at the end
const WINDOW_SECONDS = 259_200;
const slug = `walk-${Date.now().toString(36)}`;
const desk = newsroomDesk();
let capsuleId = "";

const cast = actorCast();
const actors = cast.list;
const openActor = cast.open;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await desk.deposit(OWNER, "300");
  await desk.deposit(EDITOR, "250");
  await desk.activeOutlet(OWNER, slug, OUTLET_NAME);
  await desk.grantRole(OWNER, slug, EDITOR, ROLE.EDITOR);
  capsuleId = await desk.pendingCapsule(OWNER, slug, "Harbour bridge closes for repairs", "Wren Author");
});

test("the tally is a live region: another editor's vote is read out in the words on screen, without a reload", async ({ browser }) => {
  const editor = await openActor(browser, EDITOR);
  await editor.page.goto(`/capsules/${capsuleId}`);
  await signIn(editor.page);
  await expect(editor.page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  const announced = editor.page.getByTestId("tally-live");
  await expect(announced).toHaveAttribute("role", "status");
  await expect(announced).toHaveText("No votes yet.");
  await bothWidths(editor.page, "vote-open", "editor-walk");

  await desk.vote(OWNER, capsuleId, true);
  await expect(editor.page.locator(`[data-testid=voter][data-voter="${keyAddress(OWNER)}"]`)).toContainText("Yes");
  const participation = (await editor.page.getByTestId("participation").textContent()) ?? "";
  await expect(announced).toHaveText(new RegExp(`^Wren Author voted yes\\. Tally now: 100\\.00% yes, 0\\.00% no \\(approval needs \\d+%\\); participation ${participation.replace(".", "\\.")}% \\(quorum \\d+%\\)\\.$`));
});

test("revoking an Editor says what it did where the focus lands; the editor confirming a vote hears the role went, then finds it in the inbox", async ({ browser }) => {
  // the editor has the confirmation open, a reason typed, when the owner revokes the role in another browser
  const [editor] = actors as [Actor];
  await editor.page.getByRole("button", { name: "Vote yes" }).click();
  await editor.page.getByTestId("vote-reason").fill("Matches the council notice.");
  const owner = await openActor(browser, OWNER);
  const page = owner.page;
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  const members = page.getByTestId("outlet-members");
  await members.getByRole("button", { name: `Revoke Editor from ${displayAddress(keyAddress(EDITOR))}` }).click();
  await page.getByTestId("revoke-confirm").getByRole("button", { name: "Revoke Editor" }).click();
  const done = page.getByTestId("role-changed");
  await expect(done).toHaveAttribute("role", "status");
  await expect(done).toHaveText(`Editor revoked from ${displayAddress(keyAddress(EDITOR))}; they no longer vote on this outlet’s capsules.`);
  await expect(done).toBeFocused();
  await expect(members.getByRole("button", { name: `Revoke Editor from ${displayAddress(keyAddress(EDITOR))}` })).toHaveCount(0);
  await bothWidths(page, "role-revoked", "editor-walk");

  // pushed to the editor's open vote page: the confirmation gives way to an alert that takes the focus
  const lost = editor.page.getByTestId("vote-role-lost");
  await expect(lost).toHaveAttribute("role", "alert");
  await expect(lost).toHaveText(`Your Editor role at ${OUTLET_NAME} was revoked while you were voting: nothing was cast and your reason was not published.`);
  await expect(lost).toBeFocused();
  await expect(editor.page.getByTestId("vote-confirm")).toHaveCount(0);
  await expect(editor.page.getByTestId("voter")).toHaveCount(1);
  await bothWidths(editor.page, "vote-role-lost", "editor-walk");

  // the revoked editor hears it in the inbox, with the way to the outlet (giving one's own role up writes no such entry)
  await editor.page.goto("/inbox");
  const entry = editor.page.locator("[data-testid=inbox-item][data-kind='inbox.role_revoked']");
  await expect(entry).toContainText(`The owner of ${OUTLET_NAME} revoked your Editor role there. You no longer vote on its capsules. Your bond is no longer locked for it.`);
  await expect(entry.getByRole("link", { name: "the outlet" })).toHaveAttribute("href", `/outlets/${slug}`);
  await bothWidths(editor.page, "revoked-inbox", "editor-walk");
  await editor.page.goto("/newsroom");
  await bothWidths(editor.page, "revoked-newsroom", "editor-walk");
  await owner.page.goto("/inbox");
  await expect(owner.page.locator("[data-testid=inbox-item][data-kind='inbox.role_revoked']")).toHaveCount(0);

  // granted again (offered and accepted), for the next test; the snapshot at the vote's opening counted this editor
  await desk.grantRole(OWNER, slug, EDITOR, ROLE.EDITOR);
});

test("the window closing while an editor confirms a vote says nothing was cast, and takes the focus", async () => {
  const [editor] = actors as [Actor];
  const page = editor.page;
  await page.goto(`/capsules/${capsuleId}`);
  await page.getByRole("button", { name: "Vote no" }).click();
  await page.getByTestId("vote-reason").fill("The closure dates are not confirmed by the council.");
  await expect(page.getByTestId("vote-confirm")).toBeVisible();

  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await expect(page.getByTestId("countdown")).toHaveText("Voting closed");
  const notice = page.getByTestId("vote-window-closed");
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toHaveText("The voting window closed before your vote was recorded: nothing was cast and your reason was not published.");
  await expect(notice).toBeFocused();
  await expect(page.getByTestId("vote-confirm")).toHaveCount(0);
  await expect(page.getByTestId("close-panel")).toBeVisible();
  await bothWidths(page, "vote-cut-off", "editor-walk");
});

test("the money pages and the inbox at 1280 and 360 px", async () => {
  const [editor] = actors as [Actor];
  for (const path of ["/rights", "/burn", "/bonds", "/inbox", "/outlets"]) {
    await editor.page.goto(path);
    await expect(editor.page.locator("main")).toBeVisible();
    // the pages poll (chain head, inbox), so the network never idles: wait for their loading states to end instead
    await expect(editor.page.locator("[aria-busy='true']")).toHaveCount(0);
    await bothWidths(editor.page, path.slice(1), "editor-walk");
  }
});
