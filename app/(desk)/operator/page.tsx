import type { Metadata } from "next";
import Link from "next/link";
import { OperatorPanels } from "@/components/operator/operator-panels";

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
      <OperatorPanels />
    </div>
  );
}
