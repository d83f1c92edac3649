import type { Metadata } from "next";
import Link from "next/link";
import { OperatorPanels } from "@/components/operator/operator-panels";
import { OPERATOR_PLACES } from "@/components/operator/operator-places";

export const metadata: Metadata = { title: "Operator" };

export default function OperatorPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Operator</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          What this bridge runs on: the chain and its contract deployment, the effective configuration and the signed actions
          it accepts. Secret values (keys, passwords, credentialed URLs) are never shown, only whether they are set.
        </p>
        <p className="mt-2 max-w-2xl text-stone-600">
          Every route of the bridge, with its parameters, bodies, errors and who may call it:{" "}
          <Link href="/docs/api" className="text-accent underline">
            the API reference
          </Link>
          .
        </p>
        <p className="mt-2 max-w-2xl text-stone-600">
          Where published articles and label changes are sent for partners:{" "}
          <Link href="/operator/webhooks" className="text-accent underline">
            Partner webhooks
          </Link>{" "}
          (the bridge operator’s wallet registers and disables them).
        </p>
      </div>
      {/* the page runs to many screens (the settings and the events are long lists): a way to each section first */}
      <nav aria-labelledby="operator-sections-title" data-testid="operator-sections" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
        <h2 id="operator-sections-title" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
          On this page
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-5 text-sm">
          {OPERATOR_PLACES.map((place) => (
            <li key={place.id}>
              <a href={`#${place.id}`} className="inline-flex min-h-11 items-center text-accent underline">
                {place.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <OperatorPanels />
    </div>
  );
}
