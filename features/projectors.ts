import type { ProjectionReset, Projector } from "@/lib/indexer/projector";
import { projectRoleBondActivity, resetRoleBondActivity } from "./roles/roles-activity.projector";
import { projectCapsules, resetCapsuleProjection } from "./capsules/capsules.projector";
import { projectAuthorLabels } from "./court/labels.projector";
import { projectPartnerEvents } from "./partners/partner-events.projector";
import { projectLicenceEscrow, resetLicenceEscrow } from "./rights/licence-escrow.projector";
import { projectJury, resetJuryProjection } from "./court/jury.projector";

// Every projector that turns indexed events into rows. Features register theirs here;
// the raw chain_events table is written by the indexer itself.
export const projectors: Projector[] = [
  projectRoleBondActivity,
  projectCapsules,
  projectAuthorLabels, // after projectCapsules: records the labels it set
  projectPartnerEvents, // after both: queues partner webhook events (features/partners)
  projectLicenceEscrow,
  projectJury,
];

// What a rebuild clears before replaying the chain through the projectors above. The label
// history is append-only and keyed by log (source_key), so a replay never duplicates it.
export const projectionResets: ProjectionReset[] = [resetRoleBondActivity, resetCapsuleProjection, resetLicenceEscrow, resetJuryProjection];
