import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { Hex } from "viem";
import { db } from "@/lib/db/client";
import { explorerTx } from "@/features/system/explorer";
import { TransactionView } from "@/components/network/explorer-views";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ hash: string }> };

const HASH = /^0x[0-9a-fA-F]{64}$/;

export const metadata: Metadata = { title: "Transaction" };

// /network/tx/:hash — a transaction as the chain has it, and what it did in Capsule.
export default async function TransactionPage({ params }: Props) {
  const { hash } = await params;
  const tx = HASH.test(hash) ? await explorerTx(db(), hash.toLowerCase() as Hex) : undefined;
  if (!tx) notFound();
  return <TransactionView tx={tx} />;
}
