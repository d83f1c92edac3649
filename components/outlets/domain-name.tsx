import { unicodeDomain } from "@/lib/dns/lookalike-domain";

/**
 * An outlet's domain as it really is: a name with `xn--` labels shows the letters a browser shows beside the ASCII
 * form DNS answers for, so "аpple.com" written in Cyrillic is never taken for apple.com.
 */
export function DomainName({ domain }: { domain: string }) {
  const unicode = unicodeDomain(domain);
  if (!unicode) return <>{domain}</>;
  return (
    <>
      <span className="font-sans">{unicode}</span> <span className="font-mono">({domain})</span>
    </>
  );
}

/** The same in plain text, for a sentence: "аpple.com (xn--pple-43d.com)". */
export function domainText(domain: string): string {
  const unicode = unicodeDomain(domain);
  return unicode ? `${unicode} (${domain})` : domain;
}
