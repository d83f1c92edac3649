"use client";

import { useRef, useState } from "react";
import { MarkdownToolbar, useMarkdownFormatting, WritingStats } from "./markdown-toolbar";
import { MarkdownView } from "./markdown-view";
import { disabledLook } from "@/components/ui/field";

// The body: Markdown source beside its live, sanitized preview (tabs on narrow screens).
export function MarkdownEditor(props: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const formatting = useMarkdownFormatting(textarea, props.value, props.onChange);
  const tabClass = (active: boolean) => `rounded-t-md px-3 py-1.5 text-sm ${active ? "bg-white font-semibold text-ink ring-1 ring-stone-300" : "text-stone-600 hover:text-ink"}`;
  return (
    <div>
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={props.id} className="block text-sm font-medium text-stone-800">
          {props.label}
        </label>
        <div className="flex gap-1 lg:hidden" role="group" aria-label="Body view">
          <button type="button" aria-pressed={tab === "write"} className={tabClass(tab === "write")} onClick={() => setTab("write")}>
            Write
          </button>
          <button type="button" aria-pressed={tab === "preview"} className={tabClass(tab === "preview")} onClick={() => setTab("preview")}>
            Preview
          </button>
        </div>
      </div>
      <div className={`mt-1 ${tab === "preview" ? "hidden lg:block" : ""}`}>
        <MarkdownToolbar controls={props.id} onRun={formatting.run} />
      </div>
      <div className="mt-1 grid gap-3 lg:grid-cols-2">
        <textarea
          ref={textarea}
          onKeyDown={formatting.onKeyDown}
          id={props.id}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          rows={18}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={`${props.id}-help${props.error ? ` ${props.id}-error` : ""}`}
          className={`w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-ink ${disabledLook} ${props.error ? "border-red-500" : "border-stone-300"} ${tab === "preview" ? "hidden lg:block" : ""}`}
        />
        <section
          aria-label="Preview"
          className={`min-h-40 overflow-auto rounded-md border border-dashed border-stone-300 bg-white px-4 py-2 font-serif ${tab === "write" ? "hidden lg:block" : ""}`}
        >
          <MarkdownView source={props.value} testId="markdown-preview" />
        </section>
      </div>
      <WritingStats source={props.value} />
      <p id={`${props.id}-help`} className="mt-1 text-xs text-stone-500">
        Markdown (CommonMark + GitHub tables, footnotes[^1], ~~strike~~): ## headings, **bold**, *italic*, [links](https://…), - lists, &gt; quotes,
        `code`. Images only from the vault: ![description](/api/vault/…); others appear as links. HTML is shown as text.
      </p>
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
