/**
 * Every page of the build the end-to-end tests serve passes html-validate (the recommended rules with the few
 * exceptions of .htmlvalidate.mjs, each explained there): 0 errors, or the list of them with file and line.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { testEnvironment } from '../helpers/env';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, `.data/e2e-stack-${testEnvironment().E2E_SUPABASE_PORT}/dist`);

test('every built page passes html-validate', async () => {
  const files = (await readdir(dist, { recursive: true }))
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(dist, f));
  expect(files.length).toBeGreaterThan(20);
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateFile(file);
    for (const r of report.results)
      for (const m of r.messages)
        problems.push(`${path.relative(dist, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
