import type { Metadata } from "next";
import { OutletList } from "@/components/outlets/outlet-list";
import { RegisterOutletForm } from "@/components/outlets/register-outlet-form";

export const metadata: Metadata = { title: "Outlets" };

export default function OutletsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Outlets</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Publishing outlets on the network. An outlet becomes active once it proves control of its domain with a DNS TXT
          record; its distribution tier then follows its acceptance rate, record and time active.
        </p>
      </div>
      <OutletList />
      <RegisterOutletForm />
    </div>
  );
}
