import type { Metadata } from "next";
import Link from "next/link";
import { DistributionList } from "@/components/distribution/distribution-list";
import { TierTable } from "@/components/distribution/tier-table";
import { PartnerChannels } from "@/components/distribution/partner-channels";

export const metadata: Metadata = { title: "Distribution" };

export default function DistributionPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Distribution tiers</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Where an outlet’s finalized articles are distributed follows its own record: the share of its capsules the editors accepted,
          over a minimum number of decided capsules, a clean record (no article labelled misleading or fraudulent in the last year) and
          months active. A misleading or fraudulent <Link href="/court" className="text-accent underline">court verdict</Link> also
          downgrades the outlet for a while. Only finalized articles are distributed. The five factors below make the integrity score,
          which with the tier sets where the outlet’s articles stand on the front page and the network feeds.
        </p>
      </div>
      <TierTable />
      <PartnerChannels />
      <DistributionList />
    </div>
  );
}
