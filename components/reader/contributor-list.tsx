import { displayAddress, shortAddress } from "@/lib/wallet/short-address";
import Link from "next/link";
import type { z } from "zod";
import type { ZContributorObject } from "@/features/capsules/capsules.schema";
import { givenName } from "@/features/capsules/credit-name";
import { roleDefinition } from "@/lib/roles/role-catalog";
import { linkableUri } from "@/lib/schemas/uri-kind";

type Contributor = z.infer<typeof ZContributorObject>;

const contributionNames: Record<string, string> = { author: "Author", editor: "Editor", researcher: "Researcher", reviewer: "Reviewer" };

// Who made the article and how its revenue is shared (basis points shown as percent).
export function ContributorList({ items }: { items: Contributor[] }) {
  const active = items.filter((item) => item.active);
  if (active.length === 0) return <p className="text-sm text-stone-600">No contributors are listed.</p>;
  return (
    <ul className="divide-y divide-stone-100 text-sm" data-testid="contributor-list">
      {active.map((person) => {
        const named = givenName(person) !== null;
        return (
          <li key={person.contributorId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
            <span className="min-w-0">
              <Link href={`/authors/${person.wallet}`} prefetch={false} className="font-medium text-accent underline [overflow-wrap:anywhere]" data-testid="contributor-author-link">
                <CreditName person={person} />
              </Link>
              {linkableUri(person.attributionURI) ? (
                <>
                  {" · "}
                  <a href={linkableUri(person.attributionURI)} rel="noopener noreferrer nofollow" className="text-xs text-accent underline">
                    their page
                  </a>
                </>
              ) : null}
              <span className="block text-xs text-stone-500">
                {contributionNames[person.contributionType] ?? person.contributionType}
                {roleDefinition(person.role) ? ` · ${roleDefinition(person.role)?.name}` : ""}
                {/* a named contributor's wallet beside the name; an unnamed one is already shown by its wallet */}
                {named ? (
                  <>
                    {" · "}
                    <span className="font-mono" title={displayAddress(person.wallet)}>
                      {shortAddress(person.wallet)}
                    </span>
                  </>
                ) : null}
              </span>
            </span>
            <span className="tabular-nums text-stone-600" title="Share of the article’s revenue">
              {(person.shareBps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} %
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The contributor's name, or "wallet 0x1234…abcd" with the address in monospace and in full on hover. */
export function CreditName({ person }: { person: { wallet: string; displayName: string | null | undefined } }) {
  const name = givenName(person);
  // a name in its own isolate: a right-to-left name (or a control stored in it) cannot reorder the ", " or " · " after it
  if (name) return <bdi>{name}</bdi>;
  return (
    <span data-testid="credit-wallet">
      wallet{" "}
      <span className="font-mono" title={displayAddress(person.wallet)}>
        {shortAddress(person.wallet)}
      </span>
    </span>
  );
}
