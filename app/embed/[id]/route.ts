import { pathOf } from "@/lib/api/request";
import { db } from "@/lib/db/client";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/json";
import { linkOrigin, misdirected } from "@/lib/http/public-origin";
import { isDecimalId } from "@/lib/schemas/whole-number";
import { bidiNeutralized } from "@/lib/schemas/plain-text";
import { integrityLabelInfo } from "@/features/capsules/integrity-labels";
import { badgeData } from "@/features/reader/badge-data";
import { escapeXml, findingSentence, verdictAside } from "@/features/reader/label-badge";

export const dynamic = "force-dynamic";

const EMBED_STYLE = "body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1c1917;background:#fff}.b{border:1px solid #d6d3d1;border-radius:6px;padding:10px 12px;max-width:100%;box-sizing:border-box}.l{font-weight:700;font-size:inherit}.s{color:#57534e;font-size:12px}a{color:#1d4ed8}p,h1{margin:4px 0;overflow-wrap:anywhere}.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}";
const EMBED_HEADERS = { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *" };

// inside a partner's iframe a 404 is a small page in the badge's style, not the API's JSON; it names no
// id, so a withdrawn draft's answer is byte for byte a missing id's
const notFound = () =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Article not found · Capsule</title><style>${EMBED_STYLE}</style></head>
<body><main class="b" data-testid="embed-not-found"><h1 class="l">No published article at this address on Capsule</h1><p class="s">Its link may be mistyped, or the article is not published yet.</p></main></body></html>`,
    { status: 404, headers: { ...EMBED_HEADERS, "cache-control": "public, max-age=60" } },
  );

/**
 * A link of the embed: it leaves the partner's page for a new tab, and says so — an arrow seen, "(opens in a new tab)"
 * heard (the sighted reader's arrow is hidden from screen readers, which read the words instead). `text` is escaped.
 */
const newTabLink = (href: string, text: string) =>
  `<a href="${escapeXml(href)}" target="_blank" rel="noopener">${escapeXml(text)}<span aria-hidden="true">&#160;↗</span><span class="sr"> (opens in a new tab)</span></a>`;

/** The court's finding and a link to its case, kept on every version of the article; else the label's sentence. */
function courtLines(data: Awaited<ReturnType<typeof badgeData>>, origin: string): string {
  const e = escapeXml;
  if (!data.court) return `<p class="s">${e(integrityLabelInfo(data.label).explanation)}</p>`;
  const aside = verdictAside(data);
  return `<p class="s" data-testid="embed-finding">${e(findingSentence(data.court) ?? "")}${aside && data.court.finding ? ` ${e(`The court ruled it ${integrityLabelInfo(data.court.verdict ?? "").title}.`)}` : ""} ${newTabLink(`${origin}/court/${data.court.caseId}`, `Read court case #${data.court.caseId}`)}</p>`;
}

// GET /embed/:id — a self-contained, script-free page for an <iframe> on an outlet's site: the label,
// the court's finding, and links to the article and its on-chain record, in words (the article page's "On-chain
// record"); the proof's JSON is a `<link rel="alternate" type="application/json">` in the head, for software. Framing by any site is allowed on purpose. The badge is the
// document's one `main`, its label line the `h1`: a screen reader in the frame finds both by landmark and heading.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isDecimalId(id)) return notFound();
  const origin = linkOrigin(request);
  if (origin === undefined) return errorResponse(misdirected());
  let data;
  try {
    data = await badgeData(db(), Number(id), origin);
  } catch (error) {
    if (error instanceof AppError && error.code === "CAPSULE_NOT_FOUND") return notFound();
    throw error;
  }
  const info = integrityLabelInfo(data.label);
  const e = escapeXml;
  const readUrl = `${origin}/read/${id}`;
  // the proof's JSON is for software: announced in the head, not a link a reader follows into raw data
  const proofJsonUrl = `${origin}${pathOf(capsuleProof, { id })}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(`Integrity: ${info.title} · Capsule #${id}`)}</title>
<link rel="alternate" type="application/json" href="${e(proofJsonUrl)}" title="The article's proof as JSON, for software">
<style>${EMBED_STYLE}</style></head>
<body><main class="b" data-testid="embed"><h1 class="l" data-testid="embed-label" data-label="${e(info.key)}">${e(info.symbol)} Integrity: ${e(data.published ? info.title : "not published")}</h1>
<p>${e(bidiNeutralized(data.title))}</p>
${data.published ? courtLines(data, origin) : ""}
<p class="s">${newTabLink(data.proofUrl, "Check the on-chain proof")} · ${newTabLink(readUrl, "read on Capsule")}</p></main></body></html>`;
  return new Response(html, {
    headers: { ...EMBED_HEADERS, "cache-control": "public, max-age=300" },
  });
}
