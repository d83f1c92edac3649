// The parsing half of lib/markdown, kept under its old module name for existing imports.
export { parseMarkdown, markdownToHast } from "./markdown-pipeline";
export { safeHref, vaultImageSrc } from "./safe-url";
