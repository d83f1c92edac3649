import Link from "next/link";

/** The link back to the court's case list, above a court page's heading. */
export function BackToCases() {
  return (
    <p className="text-sm">
      <Link href="/court" className="text-stone-500 hover:text-ink">
        ← Court cases
      </Link>
    </p>
  );
}
