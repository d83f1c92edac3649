import { NetworkOverview } from "@/components/network/network-overview";
import { ContractList } from "@/components/network/contract-list";

export const metadata = { title: "Network" };

export default function NetworkPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Capsule network</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Every accepted capsule is finalized on this chain. Below: the network the newsroom is on, how far the bridge has
          read it, and the contracts that hold submissions, votes, bonds and the burn pool.
        </p>
      </div>
      <NetworkOverview />
      <ContractList />
    </div>
  );
}
