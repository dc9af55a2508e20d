import axe from "axe-core";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, inject, onTestFinished } from "vitest";
import { signedFormStart, signFormStart } from "~/lib/forms/form-stamp.server";
import { TEST_FORM_SECRET } from "./app-server";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** Every width the layout must hold at (issue 11): phones, tablets, laptops, desktops. */
export const SCREEN_WIDTHS = [320, 360, 390, 768, 820, 1024, 1280, 1440, 1920] as const;

/** Below this width the site is used as on a phone: touch, mobile browser (Tailwind's `md`). */
const TABLET_MIN_WIDTH = 768;

/** A viewport of the given width with a height typical of devices that wide. */
export function viewportOfWidth(width: number): { width: number; height: number } {
  if (width < TABLET_MIN_WIDTH) return { width, height: 780 };
  if (width < 1280) return { width, height: 1024 };
  return { width, height: 900 };
}

/**
 * Headless Chromium announces itself as "HeadlessChrome", which the server (rightly)
 * treats as a crawler and answers with the whole page at once. Tests browse as a person.
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

/** What this sandbox needs: no sandboxing as root, no GPU, and no calls to Google's services. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The system Chromium, never a downloaded one. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * The test run's one Chromium (test/setup/shared-services.ts), connected for this file;
 * closing it closes this file's contexts and leaves the browser to the others.
 */
export function sharedBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserEndpoint"));
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught page errors and failed requests seen so far. */
  problems: string[];
  /** `problems` less the expected ones: what fails a test. */
  unexpected: () => string[];
}

/** With JavaScript off the browser refuses the module preloads: that is the test setup, not the page. */
export function withoutBlockedScripts(problems: string[]): string[] {
  return problems.filter((problem) => !/^requestfailed: .*\/build\/.*\.js$/.test(problem));
}

/** docs/product.md, "404 and error screen": the 404 page logs the path on purpose, and Chromium notes the 404 status with it. */
const DELIBERATE_404_LOG = /^error: 404 Error: User attempted to access non-existent route/;
const NOT_FOUND_STATUS = /^error: Failed to load resource: the server responded with a status of 404/;

function withoutDeliberate404(problems: string[]): string[] {
  if (!problems.some((problem) => DELIBERATE_404_LOG.test(problem))) return problems;
  return problems.filter((problem) => !DELIBERATE_404_LOG.test(problem) && !NOT_FOUND_STATUS.test(problem));
}

interface PageOptions {
  javaScriptEnabled?: boolean;
  /**
   * "reduce" unless a test says otherwise: most tests check where the page ends up, and a
   * transition only makes them wait for it, frame by frame. Tests of the motion itself (the
   * reveal on scroll, the carousel's slide, a page that must not shift while it arrives) ask for
   * "no-preference", a visitor's default (docs/testing.md, "Speed").
   */
  reducedMotion?: "reduce" | "no-preference";
  /** The visitor's time zone (IANA), as Chromium reports it to the page; the machine's by default. */
  timezoneId?: string;
  /** Problems a test provokes on purpose and says so. */
  expectProblems?: RegExp;
  /**
   * The caller checks `unexpected()` itself: a page shared by a describe block (opened in
   * beforeAll), or one opened outside any test (the screenshots script).
   */
  checkedByCaller?: boolean;
}

/**
 * A fresh page that records every console error/warning, page error and failed request.
 * Any of them fails the test when it ends (docs/product.md, "Quality bars": no console errors on any page but
 * the 404 page's log), except those matching `expectProblems`.
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName | number,
  options: PageOptions = {},
): Promise<WatchedPage> {
  const size = typeof viewport === "number" ? viewportOfWidth(viewport) : VIEWPORTS[viewport];
  const phone = size.width < TABLET_MIN_WIDTH;
  const context = await browser.newContext({
    viewport: size,
    userAgent: BROWSER_USER_AGENT,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "reduce",
    hasTouch: phone,
    isMobile: phone,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`requestfailed: ${request.url()}`);
  });
  const unexpected = () =>
    withoutDeliberate404(options.javaScriptEnabled === false ? withoutBlockedScripts(problems) : problems).filter(
      (problem) => !options.expectProblems?.test(problem),
    );
  if (!options.checkedByCaller) {
    onTestFinished(() => {
      const seen = unexpected();
      if (seen.length > 0) throw new Error(`unexpected problems in the browser:\n${seen.join("\n")}`);
    });
  }
  return { page, context, problems, unexpected };
}

/**
 * One page for the tests of a describe block that each load their own document into it and
 * leave nothing that outlives that document (no clock, route, init script or exposed function):
 * a new page and its context cost Chromium about 1 s of CPU here (four renderer processes started
 * per page, among them the blank page's, the one COOP moves the site into and Chromium's spare),
 * a navigation of an open page 0.2–0.5 s (docs/testing.md, "Speed"). Opened by the first test
 * that asks, closed after the block; each test that asks answers for the page's problems from
 * then until it ends, as with `openPage`. `browser` is read when the first test asks (a
 * `beforeAll` connects it).
 */
export function useSharedPage(
  browser: () => Browser,
  viewport: ViewportName | number,
  options: Omit<PageOptions, "checkedByCaller"> = {},
): () => Promise<{ page: Page; problems: string[] }> {
  let shared: Promise<WatchedPage> | undefined;
  afterAll(async () => {
    await (await shared)?.context.close();
  });
  return async () => {
    shared ??= openPage(browser(), viewport, { ...options, checkedByCaller: true });
    const { page, problems, unexpected } = await shared;
    problems.length = 0;
    onTestFinished(() => {
      const seen = unexpected();
      if (seen.length > 0) throw new Error(`unexpected problems in the browser:\n${seen.join("\n")}`);
    });
    return { page, problems };
  };
}

/**
 * Remix has taken over the page: its router exists once the entry scripts have run and
 * hydration has started (React replays a click that arrives before it ends). Polls on a
 * timer: Playwright's default polls on animation frames, which some tests stop.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window, undefined, { polling: 50 });
}

/**
 * Resolves once the page has rendered two more frames: what a scroll, a resize or an effect
 * set in motion has been laid out and painted, and observers have looked at it. A wait on
 * the page's own clock, not on a fixed time.
 */
export async function twoFramesLater(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Loads `url` and waits until it is hydrated: a web-first wait where `networkidle` waited 500 ms more.
 * A page that ships no script (`data-hydrate="false"`, app/lib/document/page-scripts.tsx) is
 * ready once loaded.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  if (!(await page.locator('html[data-hydrate="false"]').count())) await hydrated(page);
  return response;
}

/**
 * Stands in for the seconds a person takes to fill a form: the server refuses one posted less
 * than 2 s after the page was rendered (docs/operations.md, "Sign-ups and limits"), so the
 * form's signed start is moved back rather than the test waiting. A re-render puts the rendered
 * value back (React keeps a hidden field's value), so the page also moves it back on every
 * submit of this document, the ones its own scripts send included (the proof of work's second
 * send). Returns the stamps sent, in the page's order of its forms.
 */
export async function backdateFormStart(page: Page, byMs = 10_000): Promise<string[]> {
  const fields = page.locator('input[name="inicio"]');
  const stamps = await fields.evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((input) => input.value));
  if (stamps.length === 0) throw new Error("no form on the page carries a start stamp");
  // Signed again, as the test server would have signed the earlier instant (FORM_SECRET).
  const backdated = stamps.map((stamp) => {
    const instant = signedFormStart(TEST_FORM_SECRET, stamp);
    if (instant === null) throw new Error(`the page's start stamp is not the test server's: ${stamp}`);
    return signFormStart(TEST_FORM_SECRET, instant - byMs);
  });
  await page.evaluate(
    ({ name, earlier }) => {
      const moveBack = (root: ParentNode) => {
        for (const input of root.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)) {
          input.value = earlier[input.value] ?? input.value;
        }
      };
      moveBack(document);
      // Captured at the window, before the router's listener reads the form.
      window.addEventListener("submit", (event) => moveBack(event.target as HTMLFormElement), { capture: true });
    },
    { name: "inicio", earlier: Object.fromEntries(stamps.map((stamp, index) => [stamp, backdated[index]!])) },
  );
  return backdated;
}

/** The page's copy of axe-core, injected by `axeViolations`. */
type PageWithAxe = Window & { axe?: typeof axe };

/**
 * axe-core violations (WCAG 2.x A/AA and best practices, axe's default rules) as readable
 * strings; `include` narrows the check to one part, `skipRules` names rules that do not apply
 * (a mail has no page landmarks: the mail client's own page around it has them). axe runs in
 * the page itself, injected once per document: AxeBuilder's default mode opens a blank page to
 * gather every result, 1.3 s a check on `/` against 0.2 s. Only violations are gathered, without
 * each node's HTML: the passes, incomplete and inapplicable results nobody reads took 60 % of
 * Chromium's CPU for a check, and the rules that run are the same (docs/testing.md, "Speed").
 */
export async function axeViolations(page: Page, include?: string, skipRules: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as PageWithAxe).axe!.configure({ noHtml: true }));
  }
  return page.evaluate(
    async ({ selector, skip }) => {
      const rules = Object.fromEntries(skip.map((rule) => [rule, { enabled: false }]));
      const results = await (window as PageWithAxe).axe!.run(selector ? { include: [selector] } : document, {
        rules,
        resultTypes: ["violations"],
      });
      return results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
      );
    },
    { selector: include, skip: skipRules },
  );
}

/** Collects every Content-Security-Policy violation the page reports, from its first script on. */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

/** What a page did from the moment `watchDocument` was called. */
export interface WatchedDocument {
  /** Every request, as "METHOD url". */
  requests: string[];
  /** Each new document the page loaded (a reload, a link followed, a form posted the plain way). */
  documentLoads: string[];
  /** Whether the document open when watching began is still the one shown. */
  stayed: () => Promise<boolean>;
}

/**
 * Watches whether a page stays on its document: a form answered in place loads nothing new,
 * and the marker left in the document survives (the router may still replace the URL with itself).
 */
export async function watchDocument(page: Page): Promise<WatchedDocument> {
  const watched: WatchedDocument = {
    requests: [],
    documentLoads: [],
    stayed: () => page.evaluate(() => "documentWatched" in window),
  };
  page.on("request", (request) => {
    watched.requests.push(`${request.method()} ${request.url()}`);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      watched.documentLoads.push(request.url());
  });
  await page.evaluate(() => Object.assign(window, { documentWatched: true }));
  return watched;
}
