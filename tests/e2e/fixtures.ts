/**
 * Playwright's `test`, with one more check on every test: no Content-Security-Policy violation (#26) in any page
 * or worker the test opened. Each page's policy allows its own scripts by hash (src/integrations/
 * content-security-policy.ts); a script the build did not see, an inline handler, an eval (a library's feature
 * test included) or a worker the policy does not allow is reported by the browser, and fails the test that met it.
 */
import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { Page } from '@playwright/test';

/**
 * Collects every policy violation `page` reports from now on (its documents and its workers), as text, into the
 * array it resolves with.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__cspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`;
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(report);
    });
  });
  // What the event misses (a worker's own context): Chromium says it in the console too.
  const onConsole = (text: string, where: string) => {
    if (/Content Security Policy/i.test(text)) violations.push(`${where}: ${text}`);
  };
  page.on('console', (m) => onConsole(m.text(), page.url()));
  page.on('worker', (w) => w.on('console', (m) => onConsole(m.text(), w.url())));
  return violations;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations = await watchCsp(page);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
