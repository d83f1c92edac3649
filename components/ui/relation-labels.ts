import type { relationshipTypes } from "@/features/capsules/capsules.schema";

export const relationLabel: Record<(typeof relationshipTypes)[number], string> = {
  supports: "Supports",
  extends: "Extends",
  cites: "Cites",
  responds_to: "Responds to",
  contradicts: "Contradicts",
};
