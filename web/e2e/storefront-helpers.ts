import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

/**
 * Assertions wait up to 15 s: on a busy two-core test machine one page load can take several
 * seconds. They still pass at once when the page is quick.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** Tests never reach the internet: the map frame from OpenStreetMap is refused. */
export async function offline(page: Page) {
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//, (route) => route.abort());
}

/** Fails on any serious or critical accessibility violation. */
export async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, `${what}: accessibility violations`).toEqual([]);
}

/** Collects console errors and page errors (a CSP violation shows up here). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** A carousel by its name. (Its section has the same name, so not by role.) */
export function carousel(page: Page, label: string) {
  return page.locator(`[aria-roledescription="carousel"][aria-label="${label}"]`);
}

/** The slides of a carousel that are in view (the others are inert). */
export function visibleSlides(page: Page, label: string) {
  return carousel(page, label).locator('[aria-roledescription="slide"]:not([inert])');
}

/** "3 of 8": the first slide in view. */
export async function firstVisibleSlide(page: Page, label: string): Promise<string | null> {
  return visibleSlides(page, label).first().getAttribute('aria-label');
}

/** What each lazily built home section shows once it has been built. */
const BUILT = {
  'Featured Collection': (page: Page) => page.getByRole('region', { name: 'Featured Collection' }).getByRole('article').first(),
  'Featured Product': (page: Page) => page.getByRole('region', { name: 'Featured Product' }).getByRole('heading', { level: 3 }),
  'What Farmers are Saying': (page: Page) => carousel(page, 'Testimonials').locator('[aria-roledescription="slide"]').first(),
} satisfies Record<string, (page: Page) => Locator>;

/**
 * Scrolls a home section into view and waits until it is built. These sections build when an
 * IntersectionObserver reports them near the screen, which it does on a later frame, not during
 * the scroll: on a busy machine a test could resize the window (the page above grows by
 * thousands of pixels at a phone width) or scroll on to the next section before that frame,
 * and the section would then stay far from the screen and never be built.
 */
export async function reveal(page: Page, heading: keyof typeof BUILT) {
  await page.getByRole('heading', { level: 2, name: heading, exact: true }).scrollIntoViewIfNeeded();
  await expect(BUILT[heading](page), `${heading} built once scrolled near`).toBeAttached();
}

/** Every browser dialog's text (confirm, alert), accepted as it comes, in order. */
export function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}
