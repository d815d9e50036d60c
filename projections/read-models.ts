import type { AutoBiddingSimulationsTables } from './auto-bidding-simulations/tables';
import type { BidTemplatesTables } from './bid-templates/tables';
import type { BidsTables } from './bids/tables';
import type { CampaignsTables } from './campaigns/tables';
import type { DealsTables } from './deals/tables';
import type { DocumentTypesTables } from './document-types/tables';
import type { ExternalDealsTables } from './external-deals/tables';
import type { LeadsTables } from './leads/tables';
import type { MemberCountsTables } from './members/tables';
import type { FinancialInstitutionProductsTables } from './financial-institution-products/tables';
import type { MessagesTables } from './messages/tables';
import type { OrganisationsTables } from './organisations/tables';
import type { PostNotesTables } from './post-notes/tables';
import type { PostsTables } from './posts/tables';
import type { QuestionsTables } from './questions/tables';
import type { ReviewsTables } from './reviews/tables';
import type { SchedulerTables } from './scheduler/tables';
import type { StatisticsTables } from './statistics/tables';
import type { SubscribersTables } from './subscribers/tables';
import type { UsersTables } from './users/tables';

/** Every read model's tables, each declared beside its projection (projections/<name>/tables.ts). */
export interface ReadModels
  extends AutoBiddingSimulationsTables,
    BidTemplatesTables,
    BidsTables,
    CampaignsTables,
    DealsTables,
    DocumentTypesTables,
    ExternalDealsTables,
    LeadsTables,
    MemberCountsTables,
    FinancialInstitutionProductsTables,
    MessagesTables,
    OrganisationsTables,
    PostNotesTables,
    PostsTables,
    QuestionsTables,
    ReviewsTables,
    SchedulerTables,
    StatisticsTables,
    SubscribersTables,
    UsersTables {}

// The read models join the infrastructure's tables in the one schema of `Database`. By declaration merging, since
// infrastructure/ may not import projections/ (tests/architecture.test.ts).
declare module '../infrastructure/database/database' {
  interface DatabaseSchema extends ReadModels {}
}
