import { afterAll, afterEach } from 'vitest';
import { describeViolations, settleAccessibilityChecks, takeViolations } from './accessibility';
import { closeLeftovers } from './leftovers';

// Set up for every browser test file (vitest.config.ts): a test fails on a serious or critical accessibility
// violation on any page it showed (docs/accessibility.md). A test that already failed is not checked again.

function failOnViolations(): void {
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(`serious accessibility violations (axe-core, WCAG 2.1 A and AA):\n${describeViolations(violations)}`);
}

// After the file's own hooks and the check below (after-hooks run last registered first): what the file left open
// is closed (tests/support/leftovers.ts), a browser session too; what its pages showed then is not this file's check.
afterAll(async () => {
  await closeLeftovers();
  try {
    takeViolations();
  } catch {
    // a check broke while a leftover page closed
  }
});

afterEach(async ({ task }) => {
  const failed = task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0;
  await settleAccessibilityChecks({ finalState: !failed });
  if (failed) takeViolations();
  else failOnViolations();
});

// The pages the last test's after-hooks showed (a log-out, say) until the browsers closed.
afterAll(async () => {
  await settleAccessibilityChecks({ finalState: false });
  failOnViolations();
});
