// The template screens' texts, verbatim from spec 3 (§2, §4, §6, §8) where the spec gives them.

export const bidTemplateTexts = {
  /** spec 3 §1, §6: a customer opening the templates. */
  accessDenied: { title: 'Access denied!', message: 'You do not have permission to access this page.' },
  /** spec 3 §2, §8. */
  invalidMode: 'Invalid Page Mode!',
  uuidRequired: 'UUID required!',
  /** spec 3 §8 "Confirmations". */
  deleteConfirm: 'Your will not be able to recover this bid template!',
  deleted: { title: 'Deleted!', message: (uuid: string) => `Bid template ${uuid} has deleted.` },
  success: 'Success!',
  setUp: 'Bid template was setup!',
  /** spec 3 §8, after auto-bidding is ticked on or off. */
  autoBiddingChanged: 'Auto-bidding was changed!',
  /** spec 3 §2, §8, after the row action "Simulate automatic bidding". */
  simulationRequested: 'Simulation Requested',
  /** spec 3 §8, after the row action "Cancel bids". */
  bidsCancelled: { title: 'Done!', message: 'Bids were cancelled.' },
  locationAdded: { title: 'Added', message: 'The location rule has been saved.' },
  locationDeleted: { title: 'Delete', message: 'The location rule has been deleted.' },
  /** Ours: BID_TEMPLATE_CHANGED (a 409) in words a provider understands (docs/bid-templates.md "Screens"). */
  changedMeanwhile: {
    title: 'Someone else changed this template',
    message: 'This bid template was saved by someone else while you had it open. Reload it to see their changes, then make yours again.',
  },
} as const;
