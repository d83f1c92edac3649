import type { Projector } from "./projector";
import { projectRoleBondActivity } from "./projectors/roles-activity";
import { projectCapsules } from "./projectors/capsules";
import { projectAuthorLabels } from "./projectors/labels";

// Every projector that turns indexed events into rows. Features register theirs here;
// the raw chain_events table is written by the indexer itself.
export const projectors: Projector[] = [
  projectRoleBondActivity,
  projectCapsules,
  projectAuthorLabels, // after projectCapsules: records the labels it set
];
