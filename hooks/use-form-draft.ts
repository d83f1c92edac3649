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
