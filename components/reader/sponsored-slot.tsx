import type { SponsoredAd } from "@/features/ads/impressions";

// The one ad of the article page (issue 29 item 4): server-rendered beside the article, never inside
// its body, labelled "Sponsored"; a plain link, no script, no cookie, nothing loaded from the advertiser.
export function SponsoredSlot({ ad }: { ad: SponsoredAd }) {
  return (
    <aside aria-labelledby="sponsored-label" className="mx-auto mt-12 max-w-2xl rounded-lg border border-stone-300 bg-stone-50 p-4" data-testid="sponsored">
      <p id="sponsored-label" className="text-xs font-semibold uppercase tracking-wide text-stone-600">
        Sponsored{ad.sample ? " · sample campaign" : ""}
      </p>
      <p className="mt-2 font-semibold text-stone-900" data-testid="sponsored-headline">
        {ad.headline}
      </p>
      <p className="mt-1 text-sm text-stone-700">{ad.body}</p>
      <a
        href={ad.clickUrl}
        rel="sponsored nofollow noopener noreferrer"
        className="mt-3 inline-flex min-h-11 items-center rounded-md border border-stone-400 bg-white px-4 text-sm font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Visit {ad.advertiser}
      </a>
    </aside>
  );
}
