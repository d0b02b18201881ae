/**
 * A build tells whoever ran it how many pages it made in a file (#27), not in a log line to parse: the
 * integration writes it where BUILD_REPORT says, the publisher and deploy-build.mjs read it once.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBuildReport } from '@boudha/publisher/build-runner';
import { buildReport } from '../../src/integrations/incremental-cache';
import { tempDirs } from '../helpers/temp-dir';

const tempDir = tempDirs();

describe('the build report', () => {
  it('carries the counts the build made, and is removed once read', async () => {
    const file = path.join(tempDir('report-'), 'dist.report.json');
    await writeFile(file, JSON.stringify(buildReport(12, 1003)));
    expect(await readBuildReport(file)).toEqual({ page_count: 1015, pages_rendered: 12, pages_reused: 1003 });
    expect(existsSync(file)).toBe(false);
  });

  it('is null when the build wrote none, or something else', async () => {
    const dir = tempDir('report-');
    expect(await readBuildReport(path.join(dir, 'none.json'))).toBeNull();
    await writeFile(path.join(dir, 'bad.json'), '{"page_count": -1, "pages_rendered": 0, "pages_reused": 0}');
    expect(await readBuildReport(path.join(dir, 'bad.json'))).toBeNull();
    await writeFile(path.join(dir, 'text.json'), '[incremental] 3 pages rendered, 0 reused');
    expect(await readBuildReport(path.join(dir, 'text.json'))).toBeNull();
  });
});
