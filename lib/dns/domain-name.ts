// Which names an outlet may claim (pure; shared by the create form and the bridge).
// Public DNS names only: the bridge resolves the name's TXT records, so an IP literal, a
// single-label host or an internal suffix would make it query private infrastructure.

export const internalSuffixes = [".local", ".localhost", ".internal", ".lan", ".home.arpa", ".intranet", ".corp", ".private"] as const;

export type DomainCheck = { ok: true; domain: string } | { ok: false; reason: string };

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Normalises (trim, lowercase, drop one trailing dot) and checks a domain name. */
export function checkDomainName(input: string): DomainCheck {
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (domain === "") return { ok: false, reason: "the domain is empty: enter the outlet's domain, for example news.example.org" };
  // a web address pasted whole (https://news.example.org/world): say what to keep rather than "IP address"
  const pasted = /^[a-z][a-z0-9+.-]*:\/\//.test(domain) || (domain.includes("/") && !domain.startsWith("["));
  if (pasted) {
    const host = URL.canParse(domain) ? new URL(domain).hostname : URL.canParse(`https://${domain}`) ? new URL(`https://${domain}`).hostname : "";
    const example = host && !host.startsWith("[") ? host : "news.example.org";
    return { ok: false, reason: `enter the domain alone, without "https://" or a path: for example ${example}` };
  }
  if (domain.includes(":") || domain.startsWith("[")) return { ok: false, reason: "IP addresses are not allowed; use a DNS name" };
  if (ipv4.test(domain) || /^\d+$/.test(domain) || /^0x[0-9a-f]+$/.test(domain)) {
    return { ok: false, reason: "IP addresses are not allowed; use a DNS name" };
  }
  if (domain.length > 253) return { ok: false, reason: "domain is longer than 253 characters" };
  if (domain === "localhost") return { ok: false, reason: "localhost is not a public domain" };
  const labels = domain.split(".");
  if (labels.length < 2) return { ok: false, reason: "single-label names are not allowed; use a fully qualified domain" };
  for (const part of labels) {
    if (!label.test(part)) return { ok: false, reason: `"${part}" is not a valid DNS label (letters, digits, inner hyphens, 1-63 chars)` };
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return { ok: false, reason: "the top-level label cannot be numeric" };
  const internal = internalSuffixes.find((suffix) => `.${domain}`.endsWith(suffix));
  if (internal) return { ok: false, reason: `names under ${internal} are internal and cannot be verified` };
  return { ok: true, domain };
}
