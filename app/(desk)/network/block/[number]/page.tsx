import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { explorerBlock } from "@/features/system/explorer";
import { BlockView } from "@/components/network/explorer-views";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ number: string }> };

const NUMBER = /^(0|[1-9][0-9]{0,15})$/;

export const metadata: Metadata = { title: "Block" };

// /network/block/:number — a block: its time, hash and transactions.
export default async function BlockPage({ params }: Props) {
  const { number } = await params;
  const block = NUMBER.test(number) ? await explorerBlock(BigInt(number)) : undefined;
  if (!block) notFound();
  return <BlockView block={block} />;
}
