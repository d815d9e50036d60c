// The words every form uses for a missing value and for lengths (spec 2 §5, spec 1 §5): one text each, so the API's
// 422 answers and the screens that check the same rule say the same thing.

export const required = 'This field is required';
/** spec 1 §5: cancelling a post or a bid. */
export const reasonRequired = 'The reason is required.';
/** spec 1 §5: asking the customer to update a post; rejecting a provider. */
export const messageRequired = 'The message is required.';

export const maxLengthMessage = (max: number) => `Should be at most ${max} characters`;
export const minLengthMessage = (min: number) => `Should be at least ${min} characters`;
export const notANumber = 'Should be a number';
export const notAWholeNumber = 'Should be a whole number';
export const notAChoice = 'Choose one of the listed values';
export const notABoolean = 'Should be true or false';

const amountFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });
/** 15000000 → '15,000,000'; 12.5 → '12.5' (the messages' number format, en-AU). */
export const formatAmount = (value: number) => amountFormat.format(value);

export const minMessage = (min: number) => `Min value is ${formatAmount(min)}`;
export const maxMessage = (max: number) => `Max value is ${formatAmount(max)}`;
