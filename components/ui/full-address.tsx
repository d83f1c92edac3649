import Link from "next/link";
import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import { addressPath } from "./chain-link";

/**
 * An address as people read it (0x1234…abcd, checksum case), with the full 40 hex digits one click away: the summary
 * opens to the whole value, selectable for copying, and a link to what the address did on this network.
 */
export function FullAddress(props: { address: string; label?: string; testId?: string }) {
  const shown = displayAddress(props.address);
  return (
    <details className="inline-block align-baseline open:block" data-testid={props.testId}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-mono" title={shown}>
        {shortAddress(props.address)}
        <span className="sr-only"> — show the full {props.label ?? "address"}</span>
      </summary>
      <span className="block select-all break-all font-mono text-xs text-stone-700">{shown}</span>
      <Link href={addressPath(shown)} prefetch={false} className="inline-flex min-h-11 items-center text-xs text-accent underline">
        Its activity on this network
      </Link>
    </details>
  );
}
