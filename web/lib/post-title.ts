import { loanTypeLabels } from '../../domain/post/labels';
import type { LoanType } from '../../domain/post/schemas';
import { formatAud } from './format';

// How the screens name a post (docs/post-detail.md "A post's name"): posts have no title of their own, and their id
// names nothing, so a post reads as its loan and where the property is: "Refinance · $450,000 · Parramatta NSW". Only
// what every reader of the post may see: the loan type and amount, and the property's suburb and state (a provider
// sees those on every post it may bid on); never the customer.

export type PostTitleFacts = {
  loan_type: LoanType | null;
  loan_amount: number | null;
  suburb?: string | null;
  state?: string | null;
};

/** The post's name, or `fallback` when none of its facts is known (a post still being written, an erased place). */
export function postTitleOf(post: PostTitleFacts, fallback = 'Home loan post'): string {
  const place = [post.suburb, post.state].filter(Boolean).join(' ');
  const parts = [post.loan_type ? loanTypeLabels[post.loan_type] : null, post.loan_amount === null ? null : formatAud(post.loan_amount), place || null];
  return parts.filter(Boolean).join(' · ') || fallback;
}
