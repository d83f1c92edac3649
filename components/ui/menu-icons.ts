// The Menu button's two icons (SVG path data), shared by the React navigation and the reading
// pages' script-only menu (components/reader/islands/site-menu.ts).
export const MENU_OPEN_ICON = "M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z";
export const MENU_CLOSE_ICON = "M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z";
