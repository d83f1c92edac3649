// A small Markdown subset parsed into a plain tree (no HTML ever passes through): headings,
// paragraphs, emphasis, inline code, links (http/https only), lists, blockquotes, fenced code, rules.
// Rendering to React elements (render-markdown.ts) escapes every text node, so raw HTML in the source
// is shown as text.

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { type: "blockquote"; children: Block[] }
  | { type: "code"; lang: string; text: string }
  | { type: "rule" };

/** The URL when it is an absolute http(s) URL; anything else (javascript:, data:, relative) is refused. */
export function safeHref(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}([-*_])( *\1){2,} *$/;
const FENCE = /^ {0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ ]?(.*)$/;

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").split("\n"));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n")) });
    paragraph = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const close = fence[1] ?? "```";
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? "").trim().startsWith(close)) body.push(lines[i++] ?? "");
      i += 1; // the closing fence (or the end)
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      flush();
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", level: (heading[1] ?? "#").length as 1, children: parseInline(heading[2] ?? "") });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: "rule" });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      flush();
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? "")) inner.push(QUOTE.exec(lines[i++] ?? "")?.[1] ?? "");
      blocks.push({ type: "blockquote", children: parseBlocks(inner) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      flush();
      const isOrdered = !bullet;
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[][] = [];
      const start = ordered ? Number(ordered[1]) : 1;
      while (i < lines.length) {
        const current = lines[i] ?? "";
        const match = pattern.exec(current);
        if (match) {
          items.push([(isOrdered ? match[2] : match[1]) ?? ""]);
        } else if (/^[ \t]{2,}\S/.test(current) && items.length > 0) {
          items[items.length - 1]?.push(current.trim()); // a continuation line of the item
        } else break;
        i += 1;
      }
      blocks.push({ type: "list", ordered: isOrdered, start, items: items.map((item) => parseInline(item.join("\n"))) });
      continue;
    }
    paragraph.push(line);
    i += 1;
  }
  flush();
  return blocks;
}

/** Inline spans: `code`, **strong** / __strong__, *em* / _em_, [text](http-url), backslash escapes, hard breaks. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const pushText = () => {
    if (buffer) out.push({ type: "text", text: buffer });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? "";
    const rest = text.slice(i);
    if (ch === "\\" && i + 1 < text.length && /[\\`*_[\]()#>+\-.!]/.test(text[i + 1] ?? "")) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "\n") {
      pushText();
      out.push({ type: "break" });
      i += 1;
      continue;
    }
    if (ch === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        pushText();
        out.push({ type: "code", text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (rest.startsWith("**") || rest.startsWith("__")) {
      const marker = rest.slice(0, 2);
      const end = text.indexOf(marker, i + 2);
      if (end > i + 2) {
        pushText();
        out.push({ type: "strong", children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && text[i + 1] !== " " && text[i + 1] !== undefined) {
      const end = findClosing(text, ch, i + 1);
      if (end > i + 1) {
        pushText();
        out.push({ type: "em", children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === "[") {
      const link = /^\[([^\]\n]+)\]\(([^()\s]+)(?:\s+"[^"]*")?\)/.exec(rest);
      if (link) {
        pushText();
        const href = safeHref(link[2] ?? "");
        const children = parseInline(link[1] ?? "");
        // a link to anything but http(s) keeps its words and loses the link
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        i += link[0].length;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  pushText();
  return out;
}

function findClosing(text: string, marker: string, from: number): number {
  for (let j = from; j < text.length; j += 1) {
    if (text[j] === "\\") {
      j += 1;
      continue;
    }
    if (text[j] === marker && text[j - 1] !== " " && text[j + 1] !== marker) return j;
  }
  return -1;
}
