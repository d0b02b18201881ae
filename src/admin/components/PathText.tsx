/**
 * An address that wraps at its slashes on a narrow screen (#31: on a phone, addresses broke every few characters):
 * a line-break opportunity after each `/`, and anywhere only when a segment alone is wider than the line.
 */
import { Fragment } from 'react';

export function PathText({ path, className }: { path: string; className?: string }) {
  // Each part keeps its slash at the end (no lookbehind: Safari before 16.4 has none).
  const parts = path.replace(/\//g, '/\n').split('\n');
  return (
    <span className={`break-words ${className ?? ''}`.trim()}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
