import Link from "next/link";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { shortHex } from "./capsule-format";

// Explorer-style links to this service's own chain pages (/network/tx/:hash, /network/address/:address,
// /network/block/:number): a short form to read, the full value on the page one click away and in the title.

const linkClass = "inline-flex min-h-11 items-center font-mono text-accent underline decoration-dotted underline-offset-2";

export const txPath = (hash: string) => `/network/tx/${hash}`;
export const addressPath = (address: string) => `/network/address/${address}`;
export const blockPath = (block: string | number) => `/network/block/${block}`;

export function TxLink({ hash, className = "" }: { hash: string; className?: string }) {
  return (
    <Link href={txPath(hash)} prefetch={false} title={hash} aria-label={`Transaction ${shortHex(hash, 10, 6)}`} className={`${linkClass} ${className}`} data-testid="tx-link">
      {shortHex(hash, 10, 6)}
    </Link>
  );
}

/** An address in its short form (checksum case), or `label` (a name) when given; the full address is the link's title and target. */
export function AddressLink({ address, label, className = "" }: { address: string; label?: string; className?: string }) {
  const shown = displayAddress(address);
  return (
    <Link href={addressPath(shown)} prefetch={false} title={shown} className={`${label ? "inline-flex min-h-11 items-center text-accent underline" : linkClass} ${className}`} data-testid="address-link">
      {label ?? shortAddress(address)}
    </Link>
  );
}

export function BlockLink({ block, className = "" }: { block: string | number; className?: string }) {
  return (
    <Link href={blockPath(block)} prefetch={false} className={`inline-flex min-h-11 items-center text-accent underline ${className}`} data-testid="block-link">
      block {block}
    </Link>
  );
}
