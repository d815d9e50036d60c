import { describe, expect, it } from 'vitest';
import { postTitleOf } from './post-title';

// docs/post-detail.md "A post's name".

describe('postTitleOf', () => {
  it('names a post by its loan type, amount and place', () => {
    expect(postTitleOf({ loan_type: 'refinance', loan_amount: 450_000, suburb: 'Parramatta', state: 'NSW' })).toBe('Refinance · $450,000 · Parramatta NSW');
    expect(postTitleOf({ loan_type: 'new_loan', loan_amount: 1_250_000 })).toBe('New loan · $1,250,000');
  });

  it('leaves out what is not known, and falls back when nothing is', () => {
    expect(postTitleOf({ loan_type: null, loan_amount: 300_000, suburb: null, state: 'VIC' })).toBe('$300,000 · VIC');
    expect(postTitleOf({ loan_type: null, loan_amount: null })).toBe('Home loan post');
    expect(postTitleOf({ loan_type: null, loan_amount: null, suburb: null, state: null }, 'Home Loan')).toBe('Home Loan');
  });
});
