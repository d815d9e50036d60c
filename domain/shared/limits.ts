// Limits that more than one area keeps, written once so that each schema, message and screen hint is made from them
// (the screens' hints with web/lib/format.ts).

/** A person's age: applicants, customers and users alike (spec 2 §5). */
export const ageLimits = { min: 18, max: 80 } as const;

export const ageMessages = {
  min: `Age should be more than or equal to ${ageLimits.min} years`,
  max: `Age should be less than or equal to ${ageLimits.max} years`,
} as const;

/** The loan amount a post asks for, a bid offers and an external deal records (spec 2 §5, spec 3 §9). */
export const loanAmountLimits = { min: 200_000, max: 15_000_000 } as const;

/** A rate in percent: the current loan's and another home loan's (spec 2 §5), a bid's (spec 3 §9). */
export const interestRateLimits = { min: 1.5, max: 15 } as const;

/** Free texts: a reason, a message, a note (spec 1 §5 "under 1000 characters"). */
export const longTextMaxLength = 1000;

/** A person's first or last name on sign-up, profile and user forms (spec 2 §5). */
export const personNameMaxLength = 60;

/** An organisation's (lender's) name, as typed or picked. */
export const organisationNameMaxLength = 99;

/**
 * The product import (spec 3 §7 `import_from_csv`): the file's size before base64, and its rows (the header not
 * counted). One place for both, so the API's body limit, the refusal's words and the screen's hint agree.
 */
export const productImportLimits = { maxFileBytes: 2 * 1024 * 1024, maxRows: 10_000 } as const;

/**
 * An uploaded PDF (a bid template's key fact sheet or product disclosure statement, spec 3 §7): the one size limit,
 * checked before anything is stored.
 */
export const pdfUploadLimits = { maxBytes: 10 * 1024 * 1024 } as const;

export const pdfUploadMessages = {
  onlyPdf: 'Only PDF files are allowed!',
  tooLarge: `The file must be smaller than ${pdfUploadLimits.maxBytes / 1024 / 1024} MB.`,
  missing: 'Choose a PDF file to upload.',
} as const;
