import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";
import { vaultDownloadPath } from "@/lib/api/vault-path";

// Ghost's feature image (issue 31): the journalist picks a picture in the draft editor, it is stored in
// the vault, alt text is required (and says why), and the article page and the desk's capsule page show
// it with that alt text under the standfirst, served from this site so the pages' policy holds.

const OWNER = 9;
const run = Date.now().toString(36).slice(-5);
const slug = `pictures-${run}`;
const sha = (bytes: Buffer) => `0x${createHash("sha256").update(bytes).digest("hex")}`;

/** A width×height RGB PNG: a harbour-blue sky over a grey quay (a real picture file, made here). */
function harbourPng(width: number, height: number, seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const quay = y > height * 0.7;
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set(quay ? [120, 120, 115] : [40 + ((x + seed) % 40), 110 + Math.floor((y / height) * 80), 180], at);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await readerDesk().outlet(OWNER, slug, "The Harbour Picture Post");
});

/** Collects the policy violations the page reports. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__policyViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => (window as unknown as { __policyViolation: (t: string) => void }).__policyViolation(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return violations;
}

const loaded = (page: Page, selector: string) => page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("the draft editor stores a picked image in the vault and asks for its alt text in words", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  await page.goto(`/capsules/new?outlet=${slug}`);
  const form = page.getByRole("form", { name: "Draft" });
  await form.getByLabel("Title").fill(`Quay at dawn ${run}`);
  await form.getByLabel("Standfirst (optional)").fill("The harbour before the first ferry.");
  await form.getByLabel("Body", { exact: true }).fill("The quay is quiet before six.");
  await expect(page.getByTestId("autosave-status")).toContainText("All changes saved", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/capsules\/\d+\/edit$/);
  const id = /\/capsules\/(\d+)\/edit/.exec(page.url())?.[1] ?? "";

  // the slug is the bridge's, from the title, and editable before submission (Ghost); a bad one says what is allowed
  const slugField = page.getByTestId("draft-slug");
  await expect(slugField).toHaveValue(`quay-at-dawn-${run}`);
  await slugField.fill("Quay at dawn!");
  await expect(page.getByText("Lowercase letters, digits and single hyphens, such as council-approves-budget")).toBeVisible();
  await slugField.fill(`dawn-quay-${run}`);
  await expect(page.getByTestId("autosave-status")).toContainText("All changes saved", { timeout: 30_000 });
  await expect.poll(async () => (await readerDesk().call(capsuleRead, { params: { id } }, OWNER)).capsule.articleSlug).toBe(`dawn-quay-${run}`);

  const png = harbourPng(480, 240, 1);
  const editor = page.getByTestId("feature-image-editor");
  await editor.getByLabel("Choose a feature image").setInputFiles({ name: "quay.png", mimeType: "image/png", buffer: png });
  await expect(editor.getByTestId("feature-image-preview")).toBeVisible();
  await expect.poll(() => loaded(page, '[data-testid="feature-image-preview"]')).toBe(true);
  // no alt text yet: the field says why it is needed, and the image is not saved without it
  const alt = editor.getByLabel("Alt text");
  await expect(editor.getByTestId("field-error")).toHaveText(/^Describe the image in words for readers who cannot see it/);
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("autosave-status")).toContainText("except", { timeout: 30_000 });
  const api = readerDesk();
  expect((await api.call(capsuleRead, { params: { id } }, OWNER)).content.featureImage).toBeNull();

  await alt.fill("Grey quay under a blue dawn sky, no boats moored");
  await expect(editor.getByTestId("field-error")).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toContainText("All changes saved", { timeout: 30_000 });
  await expect.poll(async () => (await api.call(capsuleRead, { params: { id } }, OWNER)).content.featureImage?.contentHash).toBe(sha(png));
  const saved = (await api.call(capsuleRead, { params: { id } }, OWNER)).content.featureImage;
  expect(saved).toMatchObject({ alt: "Grey quay under a blue dawn sky, no boats moored", mimeType: "image/png" });

  // the editor opens with it again, and the draft's desk page shows it with its standfirst
  await page.reload();
  await expect(page.getByTestId("feature-image-editor").getByLabel("Alt text")).toHaveValue("Grey quay under a blue dawn sky, no boats moored");
  await bothWidths(page, "editor", "feature-image");
  await page.goto(`/capsules/${id}`);
  await expect(page.getByTestId("capsule-standfirst")).toHaveText("The harbour before the first ferry.");
  await expect(page.getByTestId("feature-image").getByRole("img", { name: "Grey quay under a blue dawn sky, no boats moored" })).toBeVisible();
  await expect.poll(() => loaded(page, '[data-testid="feature-image"] img')).toBe(true);
  await bothWidths(page, "desk-capsule", "feature-image");

  // removing it clears it
  await page.goto(`/capsules/${id}/edit`);
  await page.getByRole("button", { name: "Remove the image" }).click();
  await expect(page.getByTestId("feature-image-preview")).toHaveCount(0);
  await expect.poll(async () => (await api.call(capsuleRead, { params: { id } }, OWNER)).content.featureImage, { timeout: 30_000 }).toBeNull();
  // a draft's page waits for the session before reading it: no anonymous read, no 404 in the console
  expect(errors).toEqual([]);
});

test("the article page shows the standfirst and the feature image with its alt text, from this site, under its policy", async ({ page }) => {
  test.setTimeout(300_000);
  const desk = readerDesk();
  const png = harbourPng(640, 320, 7);
  const stored = await desk.call(vaultUpload, { body: { filename: "ferry.png", mimeType: "image/png", contentBase64: png.toString("base64") } }, OWNER);
  const alt = "The evening ferry leaving the harbour mouth";
  const articleId = await desk.finalized(OWNER, slug, `Evening ferry ${run}`, "The last ferry now leaves at nine.", {
    subtitle: "A later last crossing from Monday.",
    featureImage: { contentHash: `0x${stored.object.objectId}`, alt },
  });

  const violations = await watchPolicy(page);
  const errors = watchConsole(page);
  const response = await page.goto(`/read/${articleId}`, { waitUntil: "load" });
  expect(response?.headers()["content-security-policy"]).toContain("img-src 'self'");
  await expect(page.getByTestId("reader-standfirst")).toHaveText("A later last crossing from Monday.");
  const image = page.getByTestId("feature-image").getByRole("img", { name: alt });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", vaultDownloadPath(stored.object.objectId));
  await expect.poll(() => loaded(page, '[data-testid="feature-image"] img')).toBe(true);
  // the bytes served are the ones the editors voted on
  const served = await page.request.get(vaultDownloadPath(stored.object.objectId));
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(sha(Buffer.from(await served.body()))).toBe(sha(png));
  // the article's structured data names the image too
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as { image?: { url?: string; caption?: string } };
  expect(ld.image?.caption).toBe(alt);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", alt);
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(new RegExp(`${vaultDownloadPath(stored.object.objectId).replace("?", "\\?")}$`));
  await bothWidths(page, "article", "feature-image");
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
