import type { Metadata } from "next";
import { BondPanel } from "@/components/bonds/bond-panel";

export const metadata: Metadata = { title: "Bonds" };

export default function BondsPage() {
  return <BondPanel />;
}
