import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getAddress } from "viem";
import { db } from "@/lib/db/client";
import { explorerAddress } from "@/features/system/explorer";
import { AddressView } from "@/components/network/explorer-views";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ address: string }> };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: ADDRESS.test((await params).address) ? "Address" : "Page not found" };
}

// /network/address/:address — a wallet or contract: balance, and its votes and submissions in Capsule.
export default async function AddressPage({ params }: Props) {
  const { address } = await params;
  if (!ADDRESS.test(address)) notFound();
  return <AddressView account={await explorerAddress(db(), getAddress(address.toLowerCase()))} />;
}
