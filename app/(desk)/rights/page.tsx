import type { Metadata } from "next";
import { CreateListingForm } from "@/components/rights/create-listing-form";
import { RightsBoard } from "@/components/rights/rights-board";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { isDecimalId } from "@/lib/schemas/whole-number";

export const metadata: Metadata = { title: "Rights" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function RightsPage({ searchParams }: Props) {
  const params = await searchParams;
  const outlet = first(params.outlet);
  const capsule = first(params.capsule);
  const initialCapsule = isDecimalId(capsule) ? capsule : "";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Rights and licences</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Finalized articles can be licensed: their journalist or an Editor of their outlet lists the rights (licence type, territory, price in
          CAP, terms), and any signed-in wallet takes a licence. Exclusive listings sell once; the others any number of times. A priced licence is
          deposited from the buyer’s wallet into the licence escrow; the bridge checks the deposit on the chain, records the licence and has the
          escrow release it to the listing’s payee and the article’s contributors by their shares, or refund it to a buyer who lost an exclusive
          listing or whose licence was refused.
        </p>
      </div>
      <RightsBoard initialOutlet={ZSlug.safeParse(outlet).success ? outlet : ""} initialCapsule={initialCapsule} />
      <CreateListingForm initialCapsule={initialCapsule} />
    </div>
  );
}
