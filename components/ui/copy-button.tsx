"use client";

import { useState } from "react";

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied(undefined), 2_000);
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className="shrink-0 rounded border border-stone-300 bg-white px-2 py-1 text-xs text-stone-700 hover:bg-stone-100"
    >
      <span aria-live="polite">{copied === "yes" ? "Copied" : copied === "failed" ? "Select and copy" : "Copy"}</span>
    </button>
  );
}
