import type { IncomeCategory, IncomeType } from '../../../../domain/post/schemas';

// The applicants step asks one question about income: where most of it comes from. Each choice is an income type
// with its category (spec 2 §3 "Income"), so the income the stepper records is a real one of the enumeration.

export const incomeSourceKeys = [
  'payg',
  'casual',
  'contract',
  'self_employed',
  'dividends',
  'interest',
  'rental_income',
  'allocated_pension',
  'superannuation_drawdown',
  'disability_pension',
  'aged_pension',
  'foreign_pension',
  'other',
] as const;
export type IncomeSourceKey = (typeof incomeSourceKeys)[number];

export type IncomeSource = { income_type: IncomeType; category: IncomeCategory | null; label: string };

export const incomeSources: Record<IncomeSourceKey, IncomeSource> = {
  payg: { income_type: 'employment_income', category: 'payg', label: 'Salary or wages (PAYG)' },
  casual: { income_type: 'employment_income', category: 'casual', label: 'Casual employment' },
  contract: { income_type: 'employment_income', category: 'contract', label: 'Contract work' },
  self_employed: { income_type: 'self_employed', category: null, label: 'Self-employed' },
  dividends: { income_type: 'dividends', category: null, label: 'Dividends' },
  interest: { income_type: 'interest', category: null, label: 'Interest' },
  rental_income: { income_type: 'rental_income', category: null, label: 'Rental income' },
  allocated_pension: { income_type: 'superannuation', category: 'allocated_pension', label: 'Superannuation: allocated pension' },
  superannuation_drawdown: { income_type: 'superannuation', category: 'superannuation_drawdown', label: 'Superannuation drawdown' },
  disability_pension: { income_type: 'centrelink', category: 'disability_pension', label: 'Centrelink: disability pension' },
  aged_pension: { income_type: 'centrelink', category: 'aged_pension', label: 'Centrelink: aged pension' },
  foreign_pension: { income_type: 'other', category: 'foreign_pension', label: 'Foreign pension' },
  other: { income_type: 'other', category: 'other', label: 'Other income' },
};
