"use client";

import { useEffect, useRef } from "react";

/**
 * A ref for an error that takes the keyboard focus each time a message is shown in it (give the element
 * tabIndex={-1}). The button that started the action is disabled while it runs, which drops the focus to the
 * page's start; a keyboard or screen-reader user would then have to find the error, and the button, again.
 */
export function useFocusOnMessage<T extends HTMLElement>(message: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return ref;
}
