import type { Kysely, Transaction } from "kysely";
import type { FoundationTables } from "./tables/foundation.table";
import type { AuthSessionTables } from "./tables/auth-sessions.table";
import type { BountyTables } from "./tables/bounty.table";
import type { OutletTables } from "./tables/outlets.table";
import type { RoleTables } from "./tables/roles.table";
import type { CapsuleTables } from "./tables/capsules.table";
import type { CourtTables } from "./tables/court.table";
import type { RightsTables } from "./tables/rights.table";
import type { AdTables } from "./tables/ads.table";
import type { VaultTables } from "./tables/vault.table";
import type { IndexerTables } from "./tables/indexer.table";
import type { NewsroomTables } from "./tables/newsroom.table";
import type { OperatorOutboxTables } from "./tables/operator-outbox.table";
import type { WebSubTables } from "./tables/websub.table";
import type { PartnerTables } from "./tables/partners.table";
import type { RevenueTables } from "./tables/revenue.table";
import type { JuryTables } from "./tables/jury.table";

// One interface for the whole schema; each resource contributes its tables.
export interface DB extends FoundationTables, AuthSessionTables, BountyTables, OutletTables, RoleTables, CapsuleTables,
  CourtTables, RightsTables, AdTables, VaultTables, IndexerTables, NewsroomTables, OperatorOutboxTables, WebSubTables,
  PartnerTables, RevenueTables, JuryTables {}

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
export type DbOrTrx = Db | Trx;
export type Dialect = "sqlite" | "postgres";
