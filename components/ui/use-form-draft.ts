"use client";

import { useCallback, useEffect, useState } from "react";

// What a person typed in a form survives leaving the page (to deposit a bond, to read the article)
// and coming back in the same tab: kept in sessionStorage under the form's key, cleared once the form
// is sent. Only text the person typed is kept; nothing is sent anywhere.

const PREFIX = "capsule.form-draft.";

function readDraft(key: string): string | undefined {
  try {
    return window.sessionStorage.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A text field's value kept across navigation in this tab; `clear` forgets it (after a successful send). */
export function useFormDraft(key: string, initial = ""): [string, (value: string) => void, () => void] {
  const [value, setValue] = useState(initial);
  // the stored draft is read after mounting, so the server-rendered HTML and the first render agree
  useEffect(() => {
    const stored = readDraft(key);
    if (stored !== undefined) setValue(stored);
  }, [key]);
  const update = useCallback(
    (next: string) => {
      setValue(next);
      try {
        if (next) window.sessionStorage.setItem(PREFIX + key, next);
        else window.sessionStorage.removeItem(PREFIX + key);
      } catch {
        // storage full or disabled: the field still works, it is just not kept
      }
    },
    [key],
  );
  const clear = useCallback(() => update(""), [update]);
  return [value, update, clear];
}

/**
 * A form's text fields kept together (one stored JSON object under the form's key); `clear` forgets
 * them once the form is sent. Fields missing from the stored copy keep their initial value.
 */
export function useFormDraftValues<T extends Record<string, string>>(key: string, initial: T): [T, (patch: Partial<T>) => void, () => void] {
  const [values, setValues] = useState<T>(initial);
  const [first] = useState(initial);
  useEffect(() => {
    const stored = readDraft(key);
    if (stored === undefined) return;
    try {
      const parsed: unknown = JSON.parse(stored);
      if (!parsed || typeof parsed !== "object") return;
      const kept = Object.fromEntries(Object.entries(parsed).filter(([field, value]) => field in first && typeof value === "string"));
      setValues((current) => ({ ...current, ...kept }));
    } catch {
      // a damaged copy is ignored; the form starts empty
    }
  }, [key, first]);
  const write = useCallback(
    (next: T | undefined) => {
      try {
        const typed = next && Object.entries(next).some(([field, value]) => value !== first[field]);
        if (next && typed) window.sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
        else window.sessionStorage.removeItem(PREFIX + key);
      } catch {
        // storage full or disabled: the form still works, it is just not kept
      }
    },
    [key, first],
  );
  const update = useCallback(
    (patch: Partial<T>) =>
      setValues((current) => {
        const next = { ...current, ...patch };
        write(next);
        return next;
      }),
    [write],
  );
  const clear = useCallback(() => {
    setValues(first);
    write(undefined);
  }, [first, write]);
  return [values, update, clear];
}
