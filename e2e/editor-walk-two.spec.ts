import { expect, test, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { keyAddress } from "./support/capsule-desk";
import { grantAccepted } from "./support/grant-accepted";
import { freshWallet, juryChain } from "./support/jury-chain";
import { newsroomDesk } from "./support/newsroom-desk";
import { actorCast, bothWidths, signIn, type Actor } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

// An editor's second day, walked in the browser (docs/DECISIONS.md, 2026-12-06): the open votes say which still need
// the editor's vote; a wallet whose only role was revoked is told so on the newsroom page, not "no role yet"; closing a
// vote leaves the focus on the outcome; each vote is announced once, in words.

test.describe.configure({ mode: "serial" });

const OWNER = 3; // outlet owner, its first Editor and the capsules' journalist
const EDITOR = 5; // an Editor granted by the owner, who walks the newsroom
const WINDOW_SECONDS = 259_200;
const slug = `walk2-${Date.now().toString(36)}`;
const OUTLET = outletNameOfRun("The Second Walk");
const desk = newsroomDesk();
const chain = juryChain();
const ids = { votedOn: "", waiting: "", closedEarly: "" };

const cast = actorCast();
const actors = cast.list;

const row = (page: Page, id: string) => page.getByTestId("open-votes").locator(`[data-testid=capsule-row][data-capsule-id="${id}"]`);
const settled = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await desk.deposit(OWNER, "300");
  await desk.deposit(EDITOR, "250");
  await desk.activeOutlet(OWNER, slug, OUTLET);
  await desk.grantRole(OWNER, slug, EDITOR, ROLE.EDITOR);
  ids.votedOn = await desk.pendingCapsule(OWNER, slug, "Ferry fares rise in spring", "Wren Author");
  ids.waiting = await desk.pendingCapsule(OWNER, slug, "Library opens on Sundays", "Wren Author");
  ids.closedEarly = await desk.pendingCapsule(OWNER, slug, "Market moves to the quay", "Wren Author");
  // someone else's vote: the editor's row must still say that theirs is needed
  await desk.vote(OWNER, ids.votedOn, true);
});

test("the open votes say, in words, which still need the editor's vote and how the editor voted", async ({ browser }) => {
  const editor = await cast.open(browser, EDITOR);
  const page = editor.page;
  await page.goto("/newsroom");
  await signIn(page);
  await page.locator("#newsroom-outlet").selectOption({ label: OUTLET });
  await settled(page);
  for (const id of Object.values(ids)) await expect(row(page, id).getByTestId("capsule-row-my-vote")).toHaveText("Needs your vote");
  await expect(page.getByTestId("open-votes-summary")).toHaveText("3 open votes still need yours.");

  await desk.vote(EDITOR, ids.votedOn, false);
  await page.reload();
  await page.locator("#newsroom-outlet").selectOption({ label: OUTLET });
  await settled(page);
  await expect(row(page, ids.votedOn).getByTestId("capsule-row-my-vote")).toHaveText("You voted no");
  await expect(row(page, ids.waiting).getByTestId("capsule-row-my-vote")).toHaveText("Needs your vote");
  await expect(page.getByTestId("open-votes-summary")).toHaveText("2 open votes still need yours.");
  await bothWidths(page, "newsroom-open-votes", "editor-walk-two");
});

test("closing a vote early leaves the focus on the outcome that says what happened", async () => {
  const [editor] = actors as [Actor];
  const page = editor.page;
  await page.goto(`/capsules/${ids.closedEarly}`);
  await settled(page);
  await page.getByRole("button", { name: "Reject now: close this vote early" }).click();
  await page.getByRole("button", { name: "Confirm: close this vote early" }).click();
  const outcome = page.getByTestId("outcome");
  await expect(outcome).toContainText("Rejected: the vote was closed before its window ended");
  await expect(outcome).toBeFocused();
  await bothWidths(page, "closed-early", "editor-walk-two");
});

test("each vote is announced once: who voted which way, then the tally; the voter list is not a live region", async () => {
  const [editor] = actors as [Actor];
  const page = editor.page;
  await page.goto(`/capsules/${ids.waiting}`);
  await expect(page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  const announced = page.getByTestId("tally-live");
  await expect(announced).toHaveText("No votes yet.");

  await desk.vote(OWNER, ids.waiting, true);
  const voter = page.locator(`[data-testid=voter][data-voter="${keyAddress(OWNER)}"]`);
  await expect(voter).toContainText("Yes");
  await expect(announced).toHaveText(/^Wren Author voted yes\. Tally now: 100\.00% yes, 0\.00% no \(approval needs \d+%\); participation [0-9.]+% \(quorum \d+%\)\.$/);
  expect(await voter.evaluate((el) => el.closest("[aria-live], [role=status], [role=log], [role=alert]") === null)).toBe(true);
  await bothWidths(page, "vote-announced", "editor-walk-two");
});

test("after the window, Close the vote leaves the focus on the outcome", async () => {
  const [editor] = actors as [Actor];
  const page = editor.page;
  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  await page.goto(`/capsules/${ids.waiting}`);
  const close = page.getByRole("button", { name: "Close the vote" });
  await expect(close).toBeEnabled();
  await close.click();
  const outcome = page.getByTestId("outcome");
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId("close-panel")).toHaveCount(0);
  await bothWidths(page, "vote-closed", "editor-walk-two");
});

test("a wallet whose only role was revoked is told so on the newsroom page, with what it can do", async ({ browser }) => {
  const revoked = freshWallet();
  await chain.fund(revoked, "200", "150");
  await grantAccepted(desk.api, devKeys[OWNER] as Hex, slug, revoked.key, ROLE.JOURNALIST);
  await desk.call(roleRevoke, { body: { outletSlug: slug, wallet: revoked.address, roleId: ROLE.JOURNALIST } }, OWNER);

  const journalist = await cast.open(browser, revoked.key);
  const page = journalist.page;
  await page.goto("/newsroom");
  await signIn(page);
  const notice = page.getByTestId("newsroom-no-roles");
  await expect(notice).toHaveAttribute("data-reason", "revoked");
  await expect(page.getByTestId("newsroom-role-revoked")).toHaveText(`The owner of ${OUTLET} revoked your Journalist role there. Your bond is no longer locked for it.`);
  await expect(notice).not.toContainText("yet");
  await expect(notice.getByRole("link", { name: "the outlet’s page" })).toHaveAttribute("href", `/outlets/${slug}`);
  await bothWidths(page, "newsroom-role-revoked", "editor-walk-two");
});
