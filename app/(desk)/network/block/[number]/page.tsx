import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { explorerBlock } from "@/features/system/explorer";
import { BlockView } from "@/components/network/explorer-views";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ number: string }> };

const NUMBER = /^(0|[1-9][0-9]{0,15})$/;

const load = cache(async (number: string) => (NUMBER.test(number) ? explorerBlock(BigInt(number)) : undefined));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await load((await params).number)) ? "Block" : "Page not found" };
}

// /network/block/:number — a block: its time, hash and transactions.
export default async function BlockPage({ params }: Props) {
  const block = await load((await params).number);
  if (!block) notFound();
  return <BlockView block={block} />;
}
