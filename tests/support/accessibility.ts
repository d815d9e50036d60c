import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core in the browser tests (docs/accessibility.md): every page a browser test shows is checked against the
// WCAG 2.1 A and AA rules, and a serious or critical violation fails the test. A watched page is checked once per
// path when it settles after a navigation (page loads and the router's history changes alike), and once more in its
// final state when each test ends (tests/support/e2e-setup.ts); the violations wait here until then.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
const failingImpacts: readonly ImpactValue[] = ['serious', 'critical'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { page: string; rule: string; impact: ImpactValue; help: string; elements: { target: string; html: string; summary: string }[] };

/** Runs axe in the page as it is now and answers its serious and critical violations. */
async function accessibilityViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(
    // Only the rules' verdicts travel back: the passes and the inapplicable rules are large and unused.
    async (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...wcagTags],
  )) as AxeResults;
  const where = new URL(results.url).pathname;
  return results.violations
    .filter((violation: Result) => violation.impact && failingImpacts.includes(violation.impact))
    .map((violation) => ({
      page: where,
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      elements: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        html: node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html,
        summary: (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
      })),
    }));
}

/** A readable list: rule, page, and each element's selector, markup and what is wrong with it. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.rule} (${violation.impact}) on ${violation.page}: ${violation.help}\n` +
        violation.elements.map((element) => `  - ${element.target}\n    ${element.html}\n    ${element.summary}`).join('\n'),
    )
    .join('\n');
}

type Watch = { checkedPaths: Set<string>; queuedPaths: Set<string>; queue: Promise<void> };

const watches = new Map<Page, Watch>();
let found: Violation[] = [];
/** Checks that broke for another reason than the page moving on: reported like violations, never swallowed. */
let failures: unknown[] = [];

/** Waits until the page's DOM has been still for a moment (data arrived, transitions ended), at most 5 s. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 400);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 400);
        });
        const limit = setTimeout(done, 5_000);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve();
        }
      }),
  );

/** One check after another on a page (axe refuses to run twice at once); the queue itself never fails. */
function enqueue(watch: Watch, check: () => Promise<void>): void {
  watch.queue = watch.queue.then(check).catch((error: unknown) => {
    // The page moved on or closed while it was checked: its next page gets a check of its own.
    if (!/context was destroyed|Target .*closed|has been closed|navigat/i.test(String(error))) failures.push(error);
  });
}

const pathOf = (url: string) => new URL(url).pathname;

/** Checks the page as it is once settled; `expectedPath`: only if it still shows that path (else its own check follows). */
async function checkNow(page: Page, watch: Watch, expectedPath?: string): Promise<void> {
  if (page.url().startsWith('about:')) return; // a new tab before its first page: nothing of the product's
  await page.waitForLoadState('domcontentloaded');
  await settled(page);
  if (expectedPath !== undefined && pathOf(page.url()) !== expectedPath) return;
  const violations = await accessibilityViolations(page);
  watch.checkedPaths.add(pathOf(page.url()));
  found.push(...violations);
}

/** Checks `page` after each navigation to a path not yet checked in the current test. */
export function watchAccessibility(page: Page): void {
  if (watches.has(page)) return;
  const watch: Watch = { checkedPaths: new Set(), queuedPaths: new Set(), queue: Promise.resolve() };
  watches.set(page, watch);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || frame.url().startsWith('about:')) return;
    const path = pathOf(frame.url());
    if (watch.checkedPaths.has(path) || watch.queuedPaths.has(path)) return;
    watch.queuedPaths.add(path);
    enqueue(watch, () => checkNow(page, watch, path).finally(() => watch.queuedPaths.delete(path)));
  });
  page.on('close', () => watches.delete(page));
}

/**
 * The page's serious and critical violations as it is once settled, checked now (after the checks under way): for
 * a test that asserts on them itself. They are not held for the end of the test.
 */
export async function checkAccessibility(page: Page): Promise<Violation[]> {
  const watch = watches.get(page);
  if (watch) await watch.queue;
  await page.waitForLoadState('domcontentloaded');
  await settled(page);
  const violations = await accessibilityViolations(page);
  watch?.checkedPaths.add(pathOf(page.url()));
  return violations;
}

/**
 * Waits for the pending checks of the watched pages (of `pages` when given); with `finalState`, checks each one as it
 * is now, too. A new test checks every path afresh.
 */
export async function settleAccessibilityChecks(options: { finalState: boolean; pages?: readonly Page[] }): Promise<void> {
  for (const [page, watch] of watches) {
    if (options.pages && !options.pages.includes(page)) continue;
    if (options.finalState && !page.isClosed()) enqueue(watch, () => checkNow(page, watch));
    await watch.queue;
    if (!options.pages) watch.checkedPaths.clear();
  }
}

/** The violations found since the last call (one test's), each rule and page once; throws when a check broke. */
export function takeViolations(): Violation[] {
  if (failures.length > 0) {
    const [first] = failures;
    failures = [];
    throw new Error(`an accessibility check broke: ${String(first)}`, { cause: first });
  }
  const byRuleAndPage = new Map<string, Violation>();
  for (const violation of found) {
    const key = `${violation.rule} ${violation.page}`;
    const known = byRuleAndPage.get(key);
    if (!known) byRuleAndPage.set(key, { ...violation, elements: [...violation.elements] });
    else for (const element of violation.elements) if (!known.elements.some((e) => e.target === element.target)) known.elements.push(element);
  }
  found = [];
  return [...byRuleAndPage.values()];
}
