import type { Metadata } from "next";
import { PartnerWebhooks } from "@/components/operator/partner-webhooks";
import { BackLink } from "@/components/ui/back-link";

export const metadata: Metadata = { title: "Partner webhooks" };

export default function PartnerWebhooksPage() {
  return (
    <div className="space-y-6">
      <div>
        <BackLink href="/operator">Operator</BackLink>
        <h1 className="mt-1 font-serif text-3xl font-bold tracking-tight">Partner webhooks</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          A partner webhook sends each published article and each label change the court makes to a partner’s server, signed with a
          secret the partner chose, and tries again until the partner accepts it. The bridge operator registers them for partners and
          disables them; the partner reads its own deliveries with its wallet.
        </p>
      </div>
      <PartnerWebhooks />
    </div>
  );
}
