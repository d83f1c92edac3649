import Link from "next/link";

// What a partner (a feed reader, an aggregator, a site that frames badges) takes from the tiers, and where: the page
// said what each tier gives ("JSON Feed and WebSub push") but not where a feed is, how to subscribe, or who may have
// a webhook. Server markup only: no script is needed to read it.

const code = "rounded bg-stone-100 px-1 font-mono text-[0.85em] [overflow-wrap:anywhere]";

export function PartnerChannels() {
  return (
    <section aria-labelledby="partner-channels-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm" data-testid="partner-channels">
      <h2 id="partner-channels-heading" className="font-serif text-2xl font-bold">
        Receiving the articles
      </h2>
      <p className="max-w-3xl text-sm text-stone-600">Every channel carries finalized articles only, each with its integrity label and any correction.</p>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Atom feeds (Standard and up)</dt>
          <dd className="mt-1 text-stone-700">
            <a href="/feed.xml" className="text-accent underline">
              The network’s Atom feed
            </a>{" "}
            carries every active outlet’s articles in the front page’s order; each outlet’s own is{" "}
            <code className={code}>/outlets/&lt;slug&gt;/feed.xml</code>, linked from its page.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">JSON Feed (Elevated and Premium)</dt>
          <dd className="mt-1 text-stone-700">
            <a href="/feed.json" className="text-accent underline">
              The network’s JSON Feed
            </a>{" "}
            carries Elevated and Premium outlets’ articles only; such an outlet’s own is <code className={code}>/outlets/&lt;slug&gt;/feed.json</code>, linked from its page.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">WebSub push (Elevated and Premium)</dt>
          <dd className="mt-1 text-stone-700">
            Subscribe a callback to a feed at the hub, <code className={code}>POST /websub</code> (W3C WebSub): it posts the whole feed each time
            it changes. The network feeds are open to any subscriber; an outlet’s feeds only from Elevated, below which the hub denies the
            subscription.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Partner webhooks (priority for Premium)</dt>
          <dd className="mt-1 text-stone-700">
            One signed request (Standard Webhooks) for each finalized article and each label change, whatever the outlet’s tier. The bridge operator
            registers a webhook for a partner’s wallet on the <Link href="/operator/webhooks" className="text-accent underline">partner webhooks page</Link>;
            Premium outlets’ events are sent first, then Elevated, then Standard.
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold">Badges and embeds (every tier)</dt>
          <dd className="mt-1 text-stone-700">
            Each article’s page offers its integrity badge and an embeddable label for an outlet’s own site, under “Label badge and proof”. Requests and answers of every
            channel are in the <Link href="/docs/api" className="text-accent underline">API reference</Link>.
          </dd>
        </div>
      </dl>
    </section>
  );
}
