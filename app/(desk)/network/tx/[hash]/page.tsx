import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { Hex } from "viem";
import { db } from "@/lib/db/client";
import { explorerTx } from "@/features/system/explorer";
import { TransactionView } from "@/components/network/explorer-views";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ hash: string }> };

const HASH = /^0x[0-9a-fA-F]{64}$/;

const load = cache(async (hash: string) => (HASH.test(hash) ? explorerTx(db(), hash.toLowerCase() as Hex) : undefined));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await load((await params).hash)) ? "Transaction" : "Page not found" };
}

// /network/tx/:hash — a transaction as the chain has it, and what it did in Capsule.
export default async function TransactionPage({ params }: Props) {
  const tx = await load((await params).hash);
  if (!tx) notFound();
  return <TransactionView tx={tx} />;
}
