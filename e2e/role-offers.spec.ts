import { expect, test } from "@playwright/test";
import { createPublicClient, getAddress, http, parseEther, type Address } from "viem";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { outletKey } from "@/lib/chain/vouchers";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { publishTxt } from "./support/dns-server";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";
import { fundedWallet } from "./support/node-rpc";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Consent Courier");

// A role granted to another wallet is only offered (docs/DECISIONS.md, "A role granted to another wallet
// is an offer"): the owner's members panel shows it waiting; the grantee reads on its newsroom page what
// the role means, and only its Accept changes the chain (the member flag that keeps it off the outlet's juries).

const desk = readerDesk();
const chain = capsuleChain(desk.nodeRpcUrl);
const publicClient = createPublicClient({ chain, transport: http(desk.nodeRpcUrl) });
const stamp = Date.now().toString(36);


const freshWallet = () => fundedWallet(desk.nodeRpcUrl);

async function registry(): Promise<Address> {
  const address = (await desk.call(contractsSummary, {})).contracts.roleRegistry?.address;
  if (!address) throw new Error("no roleRegistry contract");
  return getAddress(address);
}

test("a role granted to another wallet waits for its Accept on the newsroom page; only then it is a member on chain", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const owner = await freshWallet();
  const grantee = await freshWallet();
  const slug = `offers-${stamp}`;
  await desk.deposit(owner.key, "250");
  await desk.deposit(grantee.key, "100");
  const domain = `${slug}.example.net`;
  const created = await desk.api.call(outletCreate, { body: { slug, name: OUTLET_NAME, domain } }, owner.key);
  publishTxt(domain, [created.txtRecord.value]);
  expect((await desk.api.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, owner.key)).verified).toBe(true);
  const isMember = async () => publicClient.readContract({ address: await registry(), abi: roleRegistryAbi, functionName: "isMember", args: [outletKey(slug), grantee.address] });

  // the owner grants the Journalist role from the outlet page: it is offered, nothing changes on chain
  await signedInAt(page, owner.key, `/outlets/${slug}`);
  const grant = page.getByRole("form", { name: "Grant a role" });
  await grant.getByLabel("Wallet").fill(grantee.address);
  await grant.getByLabel("Role").selectOption({ label: "Journalist — bond 100 CAP" });
  await grant.getByRole("button", { name: "Grant role" }).click();
  await expect(grant.getByTestId("grant-offered")).toContainText("takes effect only when that wallet accepts it");
  const waiting = page.getByTestId("sent-offer");
  await expect(waiting).toContainText("Journalist: offered, waiting for");
  await expect(waiting).toContainText(grantee.address);
  await expect(page.getByTestId("outlet-members").locator("li", { hasText: grantee.address })).toHaveCount(0);
  expect(await isMember()).toBe(false);
  await bothWidths(page, "owner-offer-waiting", "role-offers");

  // the grantee sees the offer on its newsroom page, with what the role means, and accepts it
  const granteeContext = await browser.newContext();
  const granteePage = await granteeContext.newPage();
  const granteeErrors = watchConsole(granteePage);
  await signedInAt(granteePage, grantee.key, "/newsroom");
  const offer = granteePage.getByTestId("role-offer");
  await expect(offer).toContainText(`${OUTLET_NAME} offers you the Journalist role. It takes effect only if you accept`);
  await expect(offer).toContainText("you can no longer sit on the juries that judge its articles");
  expect(await isMember()).toBe(false);
  await bothWidths(granteePage, "grantee-offer", "role-offers");
  await offer.getByRole("button", { name: "Accept Journalist" }).click();
  await expect(granteePage.getByTestId("role-offers")).toHaveCount(0);
  await expect.poll(isMember).toBe(true);
  const locked = await publicClient.readContract({ address: await registry(), abi: roleRegistryAbi, functionName: "lockedOf", args: [grantee.address] });
  expect(locked).toBe(parseEther("100"));
  // the grantee's inbox keeps the entry, saying it was accepted, with no link to answer it any more
  await granteePage.goto("/inbox");
  const entry = granteePage.locator("li", { hasText: `${OUTLET_NAME} offered you the Journalist role; you accepted it.` });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("inbox-newsroom-link")).toHaveCount(0);
  await expect(granteePage.getByText("accept or decline it on the newsroom page")).toHaveCount(0);
  await bothWidths(granteePage, "grantee-inbox-after-accept", "role-offers");

  // the owner's panel now lists the member, and no longer the offer
  await page.reload();
  await expect(page.getByTestId("outlet-members").locator("li", { hasText: grantee.address }).getByTestId("member-role")).toHaveText(["Journalist"]);
  await expect(page.getByTestId("sent-offer")).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(granteeErrors).toEqual([]);
  await granteeContext.close();
});
