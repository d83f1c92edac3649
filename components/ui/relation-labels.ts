import type { relationshipTypes } from "@/lib/schemas/capsules";

export const relationLabel: Record<(typeof relationshipTypes)[number], string> = {
  supports: "Supports",
  extends: "Extends",
  cites: "Cites",
  responds_to: "Responds to",
  contradicts: "Contradicts",
};
