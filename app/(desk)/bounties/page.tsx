import type { Metadata } from "next";
import { BountyBoard } from "@/components/bounties/bounty-board";

export const metadata: Metadata = { title: "Bounties" };

export default function BountiesPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Bounties</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Rewards offered for checking a capsule or an outlet, and how evaluators scored the work. Amounts are in CAP
          (1 CAP = 10<sup>18</sup> wei), or in a reward token&rsquo;s own units, with the token&rsquo;s address. This list is read-only; bounties are created and settled by the bounty engine.
        </p>
      </div>
      <BountyBoard />
    </div>
  );
}
