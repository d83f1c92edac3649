import { expect, test, type Page } from "@playwright/test";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { pathOf } from "@/lib/api/request";
import { ROLE } from "@/lib/roles/role-catalog";
import { keyAddress } from "./support/capsule-desk";
import { newsroomDesk } from "./support/newsroom-desk";
import { actorCast, shot, signIn, type Actor } from "./support/page-helpers";

// Issue 13, item 4: the live vote page reads votes from the bridge and follows GET /api/live. A
// vote cast in a second browser changes the voter row and the tally of an open page in the same
// render (a MutationObserver records every DOM state the page went through); names and "you" are
// shown; the vote needs a confirmation that says it is final; the block that closes the window
// and the finalization reach the open page without polling or reload. Issue 30 item 6: the row and
// the tally come from the pushed change itself, without a new read of the vote list.

test.describe.configure({ mode: "serial" });

const AUTHOR = 3;
const WATCHER = 5;
const WINDOW_SECONDS = 259_200;
const slug = `live-${Date.now().toString(36)}`;
const desk = newsroomDesk();
let capsuleId = "";

const cast = actorCast();
const actors = cast.list;
const openActor = cast.open;

/** Records, after every DOM mutation, how many voter rows and which tally the page shows. */
const recordStates = (page: Page) =>
  page.evaluate(() => {
    const states: Array<{ voters: number; participation: string; yes: string }> = [];
    const snap = () => {
      const participation = document.querySelector("[data-testid=participation]")?.textContent ?? "";
      const yes = document.querySelector("[data-testid=weighted-yes]")?.textContent ?? "";
      const voters = document.querySelectorAll("[data-testid=voter]").length;
      const last = states.at(-1);
      if (!last || last.voters !== voters || last.participation !== participation || last.yes !== yes) states.push({ voters, participation, yes });
    };
    snap();
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { __voteStates: states });
  });
const recordedStates = (page: Page) => page.evaluate(() => (window as unknown as { __voteStates: Array<{ voters: number; participation: string; yes: string }> }).__voteStates);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await desk.deposit(AUTHOR, "300");
  await desk.deposit(WATCHER, "250");
  await desk.activeOutlet(AUTHOR, slug, "The Live Desk");
  await desk.grantRole(AUTHOR, slug, WATCHER, ROLE.EDITOR);
  capsuleId = await desk.pendingCapsule(AUTHOR, slug, "Night trams start in June", "Nora Author");
});

test("a vote from a second browser changes the voter row and the tally together on an open page", async ({ browser }) => {
  const watcher = await openActor(browser, WATCHER);
  const author = await openActor(browser, AUTHOR);
  await watcher.page.goto(`/capsules/${capsuleId}`);
  await signIn(watcher.page);
  await expect(watcher.page.getByTestId("no-voters")).toBeVisible();
  await expect(watcher.page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  await expect(watcher.page.getByTestId("participation")).toHaveText("0.00");
  await recordStates(watcher.page);
  // the pushed change carries the voter row and the tally: the open page does not read the list again
  const voteListReads: string[] = [];
  watcher.page.on("request", (request) => {
    if (new URL(request.url()).pathname === pathOf(capsuleVotes, { id: capsuleId })) voteListReads.push(request.url());
  });

  // the author votes in another browser, through the confirmation step
  await author.page.goto(`/capsules/${capsuleId}`);
  await signIn(author.page);
  await author.page.getByRole("button", { name: "Vote yes" }).click();
  await expect(author.page.getByTestId("vote-confirm")).toContainText("A vote is final");
  await shot(author.page, "newsroom-vote-confirm");
  await author.page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(author.page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  await expect(author.page.getByTestId("vote-panel")).toContainText("is final");
  await expect(author.page.getByTestId("voter").filter({ has: author.page.getByTestId("voter-you") })).toContainText("Nora Author");

  // the open page: the row (with the author's name) and the tally arrived in one render
  const row = watcher.page.locator(`[data-testid=voter][data-voter="${keyAddress(AUTHOR)}"]`);
  await expect(row).toContainText("Nora Author");
  await expect(row).toContainText("Yes");
  await expect(watcher.page.getByTestId("live-state")).toHaveAttribute("data-events", "1");
  expect(voteListReads, "the row came from the pushed change, not from a new read of the list").toEqual([]);
  const api = await desk.call(capsuleVotes, { params: { id: capsuleId } });
  await expect(watcher.page.getByTestId("participation")).toHaveText(api.capsule.weightedParticipation);
  await expect(watcher.page.getByTestId("weighted-yes")).toHaveText("100.00");
  const states = await recordedStates(watcher.page);
  expect(states.at(0)).toEqual({ voters: 0, participation: "0.00", yes: "0.00" });
  for (const state of states) {
    // never one without the other: no rows with the old tally, no new tally without its row
    if (state.voters === 0) expect(state).toMatchObject({ participation: "0.00", yes: "0.00" });
    if (state.voters === 1) expect(state).toMatchObject({ participation: api.capsule.weightedParticipation, yes: "100.00" });
  }
  expect(states.at(-1)).toEqual({ voters: 1, participation: api.capsule.weightedParticipation, yes: "100.00" });

  // the watcher votes no: its own row says "you"
  await watcher.page.getByRole("button", { name: "Vote no" }).click();
  await watcher.page.getByRole("button", { name: "Confirm: vote no" }).click();
  await expect(watcher.page.getByTestId("my-vote")).toHaveText("You voted No.");
  await expect(watcher.page.locator("[data-testid=voter][data-mine=true]")).toHaveAttribute("data-voter", keyAddress(WATCHER));
  await expect(author.page.getByTestId("voter")).toHaveCount(2);
  await shot(watcher.page, "newsroom-vote-live");
  await watcher.page.setViewportSize({ width: 360, height: 800 });
  expect(await watcher.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(watcher.page, "newsroom-vote-live-360");
  await watcher.page.setViewportSize({ width: 1280, height: 900 });
});

test("the block that closes the window and the finalization reach the open page, pushed", async () => {
  const [watcher, author] = actors as [Actor, Actor];
  await desk.advanceChainTime(WINDOW_SECONDS + 60);
  // one block: the watcher's page learns the window closed from the pushed block time
  await expect(watcher.page.getByTestId("countdown")).toHaveText("Voting closed", { timeout: 5_000 });
  await expect(watcher.page.getByTestId("close-panel")).toBeVisible({ timeout: 5_000 });
  await author.page.getByRole("button", { name: "Close the vote" }).click();
  await expect(watcher.page.getByTestId("capsule-status")).not.toHaveText("Voting", { timeout: 10_000 });
  await expect(watcher.page.getByTestId("outcome")).toBeVisible();
  await shot(watcher.page, "newsroom-vote-closed");
});
