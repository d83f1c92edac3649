"use client";

import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { applyFormat, readingStats, type FormatCommand } from "@/lib/markdown/format-commands";
import { articlePlainText } from "@/lib/markdown/plain-text";

// Formatting over the Markdown editor (heading, bold, italic, link, list, quote), with keyboard
// shortcuts, and the body's word count and reading time. The text stays Markdown: each button edits
// the source exactly as typing would, so undo, autosave and the preview see an ordinary change.

type Tool = { command: FormatCommand; label: string; glyph: string; key: string; shift?: boolean; shortcut: string };
const TOOLS: Tool[] = [
  { command: "heading", label: "Heading", glyph: "H", key: "h", shift: true, shortcut: "Shift+H" },
  { command: "bold", label: "Bold", glyph: "B", key: "b", shortcut: "B" },
  { command: "italic", label: "Italic", glyph: "I", key: "i", shortcut: "I" },
  { command: "link", label: "Link", glyph: "Link", key: "k", shortcut: "K" },
  { command: "list", label: "Bulleted list", glyph: "•", key: "8", shift: true, shortcut: "Shift+8" },
  { command: "quote", label: "Quote", glyph: "❝", key: "9", shift: true, shortcut: "Shift+9" },
];

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The toolbar's actions on a textarea, and its keyboard shortcuts (Ctrl or ⌘ + the key). */
export function useMarkdownFormatting(textarea: RefObject<HTMLTextAreaElement | null>, value: string, onChange: (value: string) => void) {
  const pending = useRef<{ text: string; start: number; end: number }>(undefined);
  // The selection is put back in the commit that writes the edited value, before the browser handles
  // another key: restored a frame later, it moved the caret back under a keystroke typed meanwhile.
  useLayoutEffect(() => {
    const edit = pending.current;
    const el = textarea.current;
    if (!edit || !el || edit.text !== value) return;
    pending.current = undefined;
    el.focus();
    el.setSelectionRange(edit.start, edit.end);
  }, [value, textarea]);
  const run = (command: FormatCommand) => {
    const el = textarea.current;
    if (!el || el.disabled || el.readOnly) return;
    const edit = applyFormat(command, value, { start: el.selectionStart, end: el.selectionEnd });
    if (edit.text === value) {
      el.focus();
      el.setSelectionRange(edit.selection.start, edit.selection.end);
      return;
    }
    pending.current = { text: edit.text, ...edit.selection };
    onChange(edit.text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    const code = event.code.replace(/^Key|^Digit/, "").toLowerCase();
    const tool = TOOLS.find((t) => (t.key === key || t.key === code) && Boolean(t.shift) === event.shiftKey);
    if (!tool) return;
    event.preventDefault();
    run(tool.command);
  };
  return { run, onKeyDown };
}

export function MarkdownToolbar({ controls, onRun, disabled }: { controls: string; onRun: (command: FormatCommand) => void; disabled?: boolean }) {
  const mod = isMac() ? "⌘" : "Ctrl+";
  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="grid grid-cols-6 gap-1 sm:flex sm:flex-wrap" data-testid="markdown-toolbar">
      {TOOLS.map((tool) => (
        <button
          key={tool.command}
          type="button"
          disabled={disabled}
          // the textarea keeps its selection: the button must not take focus on mouse down
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onRun(tool.command)}
          aria-label={tool.label}
          aria-keyshortcuts={`Control+${tool.shortcut} Meta+${tool.shortcut}`}
          title={`${tool.label} (${mod}${tool.shortcut})`}
          className={`inline-flex min-h-11 min-w-0 items-center justify-center rounded-md border border-stone-300 bg-white px-1 text-sm sm:min-w-11 sm:px-2 text-ink hover:bg-stone-100 disabled:opacity-50 ${tool.command === "bold" ? "font-bold" : tool.command === "italic" ? "font-serif italic" : ""}`}
        >
          <span aria-hidden="true">{tool.glyph}</span>
        </button>
      ))}
    </div>
  );
}

/** "412 words · about 2 minutes to read", counted on the rendered text (no Markdown marks). */
export function WritingStats({ source, id }: { source: string; id?: string }) {
  const { words, minutes } = readingStats(articlePlainText(source));
  return (
    <p id={id} className="text-xs text-stone-600" data-testid="writing-stats" aria-live="off">
      {words.toLocaleString("en-GB")} {words === 1 ? "word" : "words"}
      {words > 0 ? ` · about ${minutes} ${minutes === 1 ? "minute" : "minutes"} to read` : ""}
    </p>
  );
}
