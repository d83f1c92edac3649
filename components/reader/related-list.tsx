import Link from "next/link";
import type { RelatedArticle } from "@/features/reader/related-articles";
import { relationLabel } from "@/components/ui/relation-labels";

const incoming: Record<string, string> = { supports: "Supported by", extends: "Extended by", cites: "Cited by", responds_to: "Answered by", contradicts: "Contradicted by" };

// Supporting and related articles, linked to their reader pages, in words ("Cites", "Cited by").
export function RelatedList({ items }: { items: RelatedArticle[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="space-y-2 border-t border-stone-200 pt-6" data-testid="reader-related">
      <h2 id="related-heading" className="text-lg font-semibold">
        Related articles
      </h2>
      <ul className="space-y-1 text-sm">
        {items.map((item) => (
          <li key={`${item.direction}-${item.capsuleId}-${item.relationshipType}`} data-testid="related-article">
            <span className="text-stone-600">
              {item.direction === "out" ? (relationLabel[item.relationshipType as keyof typeof relationLabel] ?? item.relationshipType) : (incoming[item.relationshipType] ?? "Related:")}
            </span>{" "}
            <Link href={`/read/${item.capsuleId}`} prefetch={false} className="text-accent underline [overflow-wrap:anywhere]">
              <bdi>{item.title}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
