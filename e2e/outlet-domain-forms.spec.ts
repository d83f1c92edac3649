import { expect, test } from "@playwright/test";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { outletNameOfRun } from "./support/outlet-names";
import { bothWidths, watchConsole } from "./support/page-helpers";

// An outlet domain with xn-- labels is shown as it really is: the letters a browser shows, with the ASCII form DNS
// answers for beside them, so "аррӏе.com" written in Cyrillic is never taken for apple.com (docs/DECISIONS.md, "An
// outlet domain is refused when a label mixes scripts, and shown in both forms").

const desk = readerDesk();
const jury = juryChain();
const stamp = Date.now().toString(36);

test("a reader sees an internationalised outlet domain in its Unicode form with its xn-- form beside it", async ({ page }) => {
  const owner = freshWallet();
  await jury.fund(owner, "10", "0"); // registering an outlet needs a funded wallet
  const slug = `idn-${stamp}`;
  const domain = `${slug}.xn--80ak6aa92e.com`;
  await desk.call(outletCreate, { body: { slug, name: outletNameOfRun("Cyrillic Domain Desk"), domain } }, owner.key);
  const errors = watchConsole(page);
  await page.goto(`/outlets/${slug}`);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  for (const shown of [page.getByTestId("verification-domain"), page.getByTestId("outlet-domain")]) {
    await expect(shown).toHaveText(`${slug}.аррӏе.com (${domain})`);
  }
  await expect(page.getByTestId("verification-intro")).toContainText(`nothing shows yet that this outlet runs ${slug}.аррӏе.com (${domain})`);
  await bothWidths(page, "outlet-idn-domain", "edges-four");
  expect(errors).toEqual([]);
});
