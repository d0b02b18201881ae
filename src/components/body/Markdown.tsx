import { renderMarkdown, type RenderOptions } from '../../lib/markdown/render';

/**
 * Markdown as HTML through the one pipeline (src/lib/markdown/render.ts: marked, then the sanitizer), in the
 * browser as at build time. Give either the markdown (a live preview) or its `html` as renderMarkdown returned it
 * (the build's view models render each post once and share it): never HTML from anywhere else.
 */
export type MarkdownProps = { className?: string } & (
  { markdown: string; options?: RenderOptions; html?: never } | { html: string; markdown?: never; options?: never }
);

export default function Markdown({ className = 'post-content mt-8', ...source }: MarkdownProps) {
  const __html = source.html ?? renderMarkdown(source.markdown ?? '', source.options);
  return <div className={className} dangerouslySetInnerHTML={{ __html }} />;
}
