import type { Metadata } from "next";
import Link from "next/link";
import { CaseList } from "@/components/court/case-list";
import type { CaseStatusFilter } from "@/hooks/use-court";
import { ZSlug } from "@/lib/schemas/outlets";

export const metadata: Metadata = { title: "Court" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function CourtPage({ searchParams }: Props) {
  const params = await searchParams;
  const status = first(params.status);
  const initialStatus: CaseStatusFilter = status === "open" || status === "closed" ? status : "all";
  const outlet = first(params.outlet);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Integrity court</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Any wallet holding a bond can challenge a finalized article: a claim in its text or one of its evidence items. While the case
          is open the article is labelled <strong>Contested</strong>. A court clerk then records a verdict — verified, misleading,
          fraudulent or unresolved — which becomes the article’s label. Misleading and fraudulent verdicts also slash the outlet’s
          bond into the <Link href="/burn" className="text-accent underline">burn pool</Link> and lower its{" "}
          <Link href="/distribution" className="text-accent underline">distribution tier</Link>.
        </p>
      </div>
      <CaseList initialStatus={initialStatus} initialOutlet={ZSlug.safeParse(outlet).success ? outlet : ""} />
    </div>
  );
}
