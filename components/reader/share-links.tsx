// Share links as plain addresses: each service's own "share" page opens with the article's address
// filled in. No third-party script, button widget or tracking pixel is loaded on the article page.
export function shareTargets(url: string, title: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Email", href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}` },
    { name: "Bluesky", href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: "X", href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <section aria-labelledby="share-heading" className="space-y-2 border-t border-stone-200 pt-6 text-sm" data-testid="share-links">
      <h2 id="share-heading" className="text-lg font-semibold">
        Share this article
      </h2>
      <ul className="flex flex-wrap gap-2">
        {shareTargets(url, title).map((target) => (
          <li key={target.name}>
            <a
              href={target.href}
              rel="noopener noreferrer nofollow"
              target={target.name === "Email" ? undefined : "_blank"}
              className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 hover:bg-stone-100"
            >
              {target.name}
              {target.name === "Email" ? null : <span className="sr-only"> (opens in a new tab)</span>}
            </a>
          </li>
        ))}
      </ul>
      <p className="break-all text-xs text-stone-600">
        Or copy the address: <span data-testid="share-url">{url}</span>
      </p>
    </section>
  );
}
