import { postLimits } from '../../../domain/post/schemas';
import { formatAud, formatCount } from '../../lib/format';
import { audRangeHint, rateRangeHint, wholeNumbersIn } from '../../lib/ranges';

// The post screens' hints and choices for bounded fields (the wizard and the application stepper), made from the
// limits the post's schemas check (domain/post/constants.ts).

const { loanAmount, interestRate, generalExpenseMonthly, dependants, interestOnlyYears } = postLimits;

export const postHints = {
  loanAmount: audRangeHint(loanAmount),
  /** The stepper asks a question per screen, so its hint is a sentence. */
  loanAmountSentence: `Between ${formatAud(loanAmount.min)} and ${formatAud(loanAmount.max)}.`,
  interestRate: rateRangeHint(interestRate),
  generalExpenseMonthly: `${audRangeHint(generalExpenseMonthly)} a month`,
} as const;

/** 0 to 3 dependants; the last reads "3 or more" where the list is short (spec 2 §3). */
export const dependantCounts = wholeNumbersIn(dependants);
export const dependantLabel = (count: number) => (count === dependants.max ? `${count} or more` : String(count));

/** 1 to 5 years of interest only; the last means that many or more (spec 3 §5). */
export const interestOnlyYearOptions = wholeNumbersIn(interestOnlyYears).map((years) => ({
  value: String(years),
  label: years === interestOnlyYears.max ? `${formatCount(years, 'year')} or more` : formatCount(years, 'year'),
}));
