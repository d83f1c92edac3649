import { EMBED_FRAME } from "@/features/reader/embed-frame";

// The HTML an outlet pastes into its own page to show this article's label: the badge image inside a link to
// the article's on-chain record, or the embeddable page in an iframe. Plain selectable text (the article page runs no
// React in the browser); the textarea is read-only so a tap selects it whole on phones too.
export function EmbedSnippet({ origin, capsuleId, badgePath, title }: { origin: string; capsuleId: string; badgePath: string; title: string }) {
  const iframe = `<iframe src="${origin}/embed/${capsuleId}" title="${escapeAttr(`Capsule integrity label: ${title}`)}" width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  // the link is the <a> around the image: an SVG shown by <img> is a picture, its own link does nothing there. It opens
  // the article's on-chain record in a new tab, as the embed's links do, and its name says so
  const badge = `<a href="${origin}/read/${capsuleId}#chain-heading" target="_blank" rel="noopener"><img src="${origin}${badgePath}" alt="${escapeAttr(`Capsule integrity label of “${title}” (opens in a new tab)`)}" height="20"></a>`;
  return (
    <div className="space-y-3" data-testid="embed-snippets">
      <Snippet id={`embed-iframe-${capsuleId}`} label="HTML for the embeddable label (an iframe)" value={iframe} testId="embed-snippet-iframe" />
      <Snippet id={`embed-badge-${capsuleId}`} label="HTML for the badge image" value={badge} testId="embed-snippet-badge" />
    </div>
  );
}

function Snippet({ id, label, value, testId }: { id: string; label: string; value: string; testId: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-stone-700">
        {label} — select it and copy
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={value}
        spellCheck={false}
        className="block w-full resize-y rounded-md border border-stone-300 bg-stone-50 p-2 font-mono text-xs text-stone-800"
        data-testid={testId}
      />
    </div>
  );
}

const escapeAttr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
