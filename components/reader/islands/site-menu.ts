import { MENU_CLOSE_ICON, MENU_OPEN_ICON } from "@/components/ui/menu-icons";

/**
 * The narrow-screen Menu disclosure of SiteNav's server-rendered markup, for pages that ship no
 * React: the button toggles the list (aria-expanded), Escape closes it and returns focus to the
 * button, and it closes when focus leaves it.
 */
export function enhanceSiteMenu(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('button[aria-controls="site-nav"]');
  const nav = doc.getElementById("site-nav");
  const container = button?.parentElement;
  if (!button || !nav || !container) return;
  const icon = button.querySelector("path");
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("block", open);
    nav.classList.toggle("hidden", !open);
    icon?.setAttribute("d", open ? MENU_CLOSE_ICON : MENU_OPEN_ICON);
  };
  button.addEventListener("click", () => setOpen(!isOpen()));
  container.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.stopPropagation();
    setOpen(false);
    button.focus();
  });
  container.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (isOpen() && next instanceof Node && !container.contains(next)) setOpen(false);
  });
}
