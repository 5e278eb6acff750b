// The set-up every end-to-end file of the hosted checkout shares: one Chromium and one stack per file (launching
// them per test would cost seconds each on two cores), and a fresh context per test so no cookie, storage or
// permission leaks from one test into the next.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { startStack, type Stack, type StackOptions } from './stack';

/** Options of {@link useBrowserStack}. */
export interface BrowserStackOptions {
  /** Options of the file's stack (sandbox behaviour, time-outs, allowed origins). */
  stack?: StackOptions;
  /** Options of each test's fresh context (viewport, colour scheme, permissions…). */
  context?: BrowserContextOptions;
}

/** What {@link useBrowserStack} returns: getters for the current browser, stack, context and page. */
export interface BrowserStack {
  readonly browser: Browser;
  readonly stack: Stack;
  /** This test's context (closed after it). */
  readonly context: BrowserContext;
  /** This test's page, in {@link BrowserStack.context}. */
  readonly page: Page;
}

/** Registers the vitest hooks of an end-to-end file: browser and stack per file, a context and page per test. */
export function useBrowserStack(options: BrowserStackOptions = {}): BrowserStack {
  let browser: Browser | undefined;
  let stack: Stack | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  // Each is kept as soon as it starts, so afterAll closes it even when the other failed to start.
  beforeAll(async () => {
    await Promise.all([launchBrowser().then((b) => (browser = b)), startStack(options.stack).then((s) => (stack = s))]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    browser = stack = undefined;
  });
  beforeEach(async () => {
    context = await present(browser, 'browser').newContext(options.context);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    context = page = undefined;
  });

  return {
    get browser() {
      return present(browser, 'browser');
    },
    get stack() {
      return present(stack, 'stack');
    },
    get context() {
      return present(context, 'context');
    },
    get page() {
      return present(page, 'page');
    },
  };
}

const LIFETIME = {
  browser: 'from beforeAll to afterAll',
  stack: 'from beforeAll to afterAll',
  context: 'inside a test (beforeEach opens it, afterEach closes it)',
  page: 'inside a test (beforeEach opens it, afterEach closes it)',
} as const;

function present<T>(value: T | undefined, name: keyof typeof LIFETIME): T {
  if (value === undefined) throw new Error(`useBrowserStack: no ${name} here; it exists only ${LIFETIME[name]}, or it failed to start`);
  return value;
}
