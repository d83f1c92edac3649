import Link from "next/link";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { shortHex } from "./capsule-format";

// Explorer-style links to this service's own chain pages (/network/tx/:hash, /network/address/:address,
// /network/block/:number): a short form to read, the full value on the page one click away and in the title.

const mono = "font-mono text-accent underline decoration-dotted underline-offset-2";
/** `inText`: a link inside a line of running text, inline (WCAG 2.5.8's inline exception) rather than a 44 px target of its own. */
const box = (inText: boolean | undefined) => (inText ? "inline" : "inline-flex min-h-11 items-center");

export const txPath = (hash: string) => `/network/tx/${hash}`;
export const addressPath = (address: string) => `/network/address/${address}`;
export const blockPath = (block: string | number) => `/network/block/${block}`;

export function TxLink({ hash, className = "", inText }: { hash: string; className?: string; inText?: boolean }) {
  return (
    <Link href={txPath(hash)} prefetch={false} title={hash} aria-label={`Transaction ${shortHex(hash, 10, 6)}`} className={`${box(inText)} ${mono} ${className}`} data-testid="tx-link">
      {shortHex(hash, 10, 6)}
    </Link>
  );
}

/** An address in its short form (checksum case), or `label` (a name) when given; the full address is the link's title and target. */
export function AddressLink({ address, label, className = "", inText }: { address: string; label?: string; className?: string; inText?: boolean }) {
  const shown = displayAddress(address);
  return (
    <Link href={addressPath(shown)} prefetch={false} title={shown} className={`${box(inText)} ${label ? "text-accent underline" : mono} ${className}`} data-testid="address-link">
      {label ?? shortAddress(address)}
    </Link>
  );
}

export function BlockLink({ block, className = "", inText }: { block: string | number; className?: string; inText?: boolean }) {
  return (
    <Link href={blockPath(block)} prefetch={false} className={`${box(inText)} text-accent underline ${className}`} data-testid="block-link">
      block {block}
    </Link>
  );
}
