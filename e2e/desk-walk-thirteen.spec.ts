import { expect, test, type Page } from "@playwright/test";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { pathOf } from "@/lib/api/request";
import { freshWallet, juryChain, type Wallet } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// Desk walk, thirteenth round, as an operator, an editor and a juror walk it: /operator's "On this page" links lead
// to their sections while the deployment summary cannot be read (each keeps its heading, with the error and a way to
// try again); a vote the bridge sent but could not see mined in its wait (anvil's mining paused) reads as sent, not
// mined, with its transaction, until the chain mines it and the panel says the vote is final; and a juror's case page
// says one time left for the commit period, in the Jury card and in the juror's own card alike, and the juror's page
// and the list of cases count on the same (the chain's) clock. (Submit pressed again, its two authorizations to the
// second: e2e/desk-walk-twelve.spec.ts.)

const jury = juryChain();
const desk = readerDesk();
const stamp = Date.now().toString(36);

const doneLoading = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test("/operator's section links lead to their headings while the deployment summary cannot be read; Try again fills them", async ({ page }) => {
  const summaryPath = `**${pathOf(contractsSummary)}*`;
  await page.route(summaryPath, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ ok: false, error: "CHAIN_UNAVAILABLE", message: "The node did not answer", statusCode: 503 }) }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/operator");
  await expect(page.getByText("The contracts summary is unavailable")).toBeVisible({ timeout: 30_000 });
  await doneLoading(page);
  const sections = page.getByRole("navigation", { name: "On this page" });
  const names = ["Network and deployment", "Contract addresses", "Contract events", "Effective configuration", "Signed actions"];
  await expect(sections.getByRole("link")).toHaveText(names);
  // every link has its section, headed by its name
  for (const name of names) {
    const target = await sections.getByRole("link", { name }).getAttribute("href");
    await expect(page.locator(`${target} > h2`)).toHaveText(name);
  }
  // the sections the failed read would fill say why they are empty and where the error is
  const network = page.locator("#operator-network");
  await expect(network.getByRole("alert")).toContainText("The node did not answer");
  for (const id of ["#operator-contracts", "#operator-events"]) {
    await expect(page.locator(id).getByTestId("operator-section-unavailable")).toContainText("come with the contracts summary, which could not be read");
  }
  await sections.getByRole("link", { name: "Contract events" }).click();
  await expect(page).toHaveURL(/#operator-events$/);
  await expect(page.locator("#operator-events > h2")).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bothWidths(page, "operator-summary-failed", "walk-thirteen");

  // the node answers again: Try again fills the sections in place
  await page.unroute(summaryPath);
  await network.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("meta-chain-id")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("operator-section-unavailable")).toHaveCount(0);
  await expect(page.locator("#operator-contracts").getByTestId("meta-contracts")).toBeVisible();
});

test("a vote sent but not mined within the bridge's wait says so, with its transaction, and turns final once the chain mines it", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk13v-${stamp}`;
  await desk.outlet(owner.key, slug, "The Thirteenth Walk Ballot");
  const id = await desk.pending(owner.key, slug, `Ferry pier ${stamp}`, "The ferry pier reopens.\n\nThe works ended on Friday.");
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}`);
  await signIn(page);
  await doneLoading(page);

  // anvil stops mining on its own: the bridge's wait for the receipt runs out and it answers "sent"
  await jury.nodeRpc("evm_setAutomine", [false]);
  try {
    await page.getByRole("button", { name: "Vote yes" }).click();
    const relayPath = pathOf(capsuleVote, { id });
    const relayed = page.waitForResponse((response) => new URL(response.url()).pathname === relayPath && response.request().method() === "POST", { timeout: 60_000 });
    await page.getByTestId("vote-confirm").getByRole("button", { name: "Confirm: vote yes" }).click();
    const answer = (await (await relayed).json()) as { operatorTx: { txHash: string; status: string } };
    expect(answer.operatorTx.status).toBe("sent");

    const sent = page.getByTestId("vote-sent");
    await expect(sent).toHaveAttribute("role", "status");
    await expect(sent).toHaveAttribute("data-state", "sent");
    await expect(sent).toContainText("Your vote is sent to the chain but not mined yet, so it is not final yet.");
    await expect(sent).toContainText("this panel updates by itself when it is");
    await expect(page.getByTestId("vote-sent-tx")).toHaveText(answer.operatorTx.txHash);
    // neither failed nor done
    await expect(page.getByTestId("vote-error")).toHaveCount(0);
    await expect(page.getByTestId("vote-recorded")).toHaveCount(0);
    await expect(page.getByTestId("my-vote")).toHaveCount(0);
    await doneLoading(page);
    await sent.scrollIntoViewIfNeeded();
    await bothWidths(page, "vote-sent", "walk-thirteen");

    // reloaded while the ballot still waits: the buttons are back, and a new ballot (refused by the bridge, 409, as it
    // would reuse the waiting one's nonce) turns into that same waiting ballot, followed as before, not an error
    await page.reload();
    await signIn(page);
    await doneLoading(page);
    await page.getByRole("button", { name: "Vote yes" }).click();
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === relayPath && response.request().method() === "POST", { timeout: 60_000 });
    await page.getByTestId("vote-confirm").getByRole("button", { name: "Confirm: vote yes" }).click();
    const refusedAnswer = await refused;
    expect(refusedAnswer.status(), await refusedAnswer.text()).toBe(409);
    await expect(page.getByTestId("vote-sent")).toHaveAttribute("data-state", "sent");
    await expect(page.getByTestId("vote-sent-tx")).toHaveText(answer.operatorTx.txHash);
    await expect(page.getByTestId("vote-error")).toHaveCount(0);
    await expect(page.getByTestId("vote-confirm")).toHaveCount(0);
  } finally {
    await jury.nodeRpc("evm_setAutomine", [true]);
  }
  // mined: the panel says the vote is final, without a reload
  await jury.nodeRpc("evm_mine", []);
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes.", { timeout: 60_000 });
  await expect(page.getByTestId("vote-panel")).toContainText("Your vote is recorded on chain and is final.");
  await expect(page.getByTestId("vote-sent")).toHaveCount(0);
  await doneLoading(page);
  // the one refused ballot above is the browser's only logged failure (Chromium logs a 4xx answer to fetch)
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test("a juror's case page says one time left for the period, in the Jury card and in the juror's own card, and the juror's page and the list of cases say the same", async ({ page }) => {
  test.setTimeout(300_000);
  const owner = freshWallet();
  const challenger = freshWallet();
  const jurors = [freshWallet(), freshWallet(), freshWallet()] as const;
  await jury.fund(owner, "5000", "1000");
  await jury.fund(challenger, "100", "10");
  const slug = `walk13j-${stamp}`;
  await jury.activeOutlet(owner, slug);
  const bench = await jury.seatBench(`walk13b-${stamp}`, jurors);
  try {
    const title = `Bridge tolls ${stamp}`;
    const created = await jury.api.call(capsuleCreate, { body: { title, body: `${title}.\n\nThe toll rose from 2 to 4 euros.`, outletSlug: slug, category: "local", tags: ["bridge"], status: "draft" } }, owner.key);
    const claims = await jury.api.call(capsuleClaimsSet, { params: { id: created.capsuleId }, body: { claims: [{ exact: "from 2 to 4 euros", claimType: "statistic", evidenceIds: [] }] } }, owner.key);
    await jury.finalizeDraft(owner, created.capsuleId);
    const opened = await jury.dispute(challenger, created.capsuleId, { grounds: "The toll table says 2 to 3 euros, not 4.", claimIds: claims.items.map((c) => c.claimId), requestedLabel: "misleading" });
    const caseId = opened.case.caseId;
    const evidence = (await jury.api.call(courtCase, { params: { id: caseId } })).case;
    await jury.advanceChainTime(Number(evidence.periodEndsAt) - Number((await jury.publicClient.getBlock({ blockTag: "latest" })).timestamp) + 60);
    const commit = (await jury.api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case;
    expect(commit.period).toBe("commit");
    // the chain's clock moves on within the commit period: its latest block is now ten minutes past the case's last event
    await jury.advanceChainTime(600);
    const juror: Wallet = jurors.find((j) => commit.jurors.some((d) => d.juror.toLowerCase() === j.address.toLowerCase()))!;
    const errors = watchConsole(page);
    await installTestWallet(page, juror.key);
    await page.goto(`/court/${caseId}`);
    await signIn(page);
    await doneLoading(page);
    await expect(page.getByTestId("juror-duty")).toHaveAttribute("data-duty", "commit");
    const cardLeft = page.getByTestId("jury-countdown");
    const mineLeft = page.getByTestId("juror-duty-countdown");
    await expect(cardLeft).toHaveText(/ min left$/);
    // the same deadline, the same time left (the two tick apart by at most a moment at a minute's turn)
    await expect.poll(async () => (await mineLeft.innerText()) === (await cardLeft.innerText())).toBe(true);
    await page.getByTestId("juror-duty").scrollIntoViewIfNeeded();
    await bothWidths(page, "juror-commit", "walk-thirteen");

    // the juror's page and the list of cases count on the same clock: the chain's, ten minutes past the case's last
    // event (counted from that event they would say about ten minutes more left)
    const minutesLeft = (words: string) => {
      const match = /^(?:(\d+) d )?(\d+) h (\d+) min left$/.exec(words);
      expect(match, words).not.toBeNull();
      return Number(match![1] ?? 0) * 1440 + Number(match![2]) * 60 + Number(match![3]);
    };
    const chainMinutesLeft = async () => (Number(commit.periodEndsAt) - Number((await jury.publicClient.getBlock({ blockTag: "latest" })).timestamp)) / 60;
    const casePageLeft = minutesLeft(await cardLeft.innerText());
    expect(Math.abs(casePageLeft - (await chainMinutesLeft()))).toBeLessThanOrEqual(2);
    await page.goto("/court/juror");
    await doneLoading(page);
    const jurorRow = page.getByTestId("juror-case").filter({ hasText: `Case #${caseId}` });
    await expect(jurorRow.getByTestId("juror-countdown")).toHaveText(/^\d+ d \d+ h \d+ min left$|^\d+ h \d+ min left$/);
    expect(Math.abs(minutesLeft(await jurorRow.getByTestId("juror-countdown").innerText()) - casePageLeft)).toBeLessThanOrEqual(2);
    await page.goto(`/court?status=open&outlet=${slug}`);
    await doneLoading(page);
    const listed = page.getByTestId("case-period-countdown");
    await expect(listed).toHaveCount(1);
    await expect(listed).toHaveText(/^\d+ d \d+ h \d+ min left$|^\d+ h \d+ min left$/);
    expect(Math.abs(minutesLeft(await listed.innerText()) - casePageLeft)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  } finally {
    await bench.leave();
  }
});
