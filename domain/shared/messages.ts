// The words every form uses for a missing value and for lengths (spec 2 §5, spec 1 §5): one text each, so the API's
// 422 answers and the screens that check the same rule say the same thing.

export const required = 'This field is required';
/** spec 1 §5: cancelling a post or a bid. */
export const reasonRequired = 'The reason is required.';
/** spec 1 §5: asking the customer to update a post; rejecting a provider. */
export const messageRequired = 'The message is required.';

export const maxLengthMessage = (max: number) => `Should be at most ${max} characters`;
export const minLengthMessage = (min: number) => `Should be at least ${min} characters`;
