// The tables `createTables` in members.ts makes; the API reads the view of the same name in `public`.

/** A provider's bid counts (the admin's Members list and the team), kept per batch, never counted per request. */
export interface MemberCountsTable {
  provider_id: string;
  /** Auction bids placed and not deleted. */
  bids: number;
  /** Accepted bids: deals (auction and external), not deleted. */
  deals: number;
  /** Deals closed won. */
  settled_deals: number;
}

/** The same counts per provider and post (no row when all are zero); `member_counts` is their sum per provider. */
export interface MemberPostCountsTable extends MemberCountsTable {
  post_id: string;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface MemberCountsTables {
  member_counts: MemberCountsTable;
  member_post_counts: MemberPostCountsTable;
}
