import type { ProjectionReset, Projector } from "./projector";
import { projectRoleBondActivity, resetRoleBondActivity } from "./projectors/roles-activity";
import { projectCapsules, resetCapsuleProjection } from "./projectors/capsules";
import { projectAuthorLabels } from "./projectors/labels";
import { projectPartnerEvents } from "./projectors/partner-events";
import { projectLicenceEscrow, resetLicenceEscrow } from "./projectors/licence-escrow";
import { projectJury, resetJuryProjection } from "./projectors/jury";

// Every projector that turns indexed events into rows. Features register theirs here;
// the raw chain_events table is written by the indexer itself.
export const projectors: Projector[] = [
  projectRoleBondActivity,
  projectCapsules,
  projectAuthorLabels, // after projectCapsules: records the labels it set
  projectPartnerEvents, // after both: queues partner webhook events (lib/partners)
  projectLicenceEscrow,
  projectJury,
];

// What a rebuild clears before replaying the chain through the projectors above. The label
// history is append-only and keyed by log (source_key), so a replay never duplicates it.
export const projectionResets: ProjectionReset[] = [resetRoleBondActivity, resetCapsuleProjection, resetLicenceEscrow, resetJuryProjection];
