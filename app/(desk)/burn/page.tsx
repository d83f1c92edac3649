import type { Metadata } from "next";
import Link from "next/link";
import { BurnStatus } from "@/components/burn/burn-status";
import { FeeSplitTable } from "@/components/burn/fee-split-table";

export const metadata: Metadata = { title: "Burn pool" };

export default function BurnPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Burn pool</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Part of every publish fee, and every bond the <Link href="/court" className="text-accent underline">integrity court</Link> slashes,
          is collected by the BurnPool contract and destroyed on a schedule. Burning takes the tokens out of circulation for good: nobody,
          including the operator, can spend them.
        </p>
      </div>
      <BurnStatus />
      <div className="grid gap-6 lg:grid-cols-2">
        <FeeSplitTable />
        <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 text-sm text-stone-700 shadow-sm" aria-labelledby="burn-how">
          <h2 id="burn-how" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
            How the pool fills and empties
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>Publish fees:</strong> 20% of each 30 CAP submission fee (6 CAP) goes to the pool the moment the journalist’s wallet
              submits the capsule.
            </li>
            <li>
              <strong>Court penalties:</strong> a misleading verdict slashes 25 CAP and a fraudulent one 100 CAP from the outlet owner’s bond (at
              most the bond); the slashed amount goes to the pool.
            </li>
            <li>
              <strong>Burns:</strong> once the next burn date has passed, anyone may trigger the burn, with a wallet on this page (a button appears above when a burn is due) or by
              calling the contract’s <code>burn()</code>. It sends the whole
              pool to the burn address <code className="break-all">0x000000000000000000000000000000000000dEaD</code>, records the amount and sets
              the next date one interval later.
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
