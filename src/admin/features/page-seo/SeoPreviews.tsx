/**
 * Beside the Page SEO form (beyond the spec): what a search result and a shared link will show, from the form as
 * it is typed. Titles and descriptions are cut where Google and the social networks usually cut them.
 */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function SeoPreviews({
  url,
  title,
  description,
  ogTitle,
  ogDescription,
  image,
  siteName,
}: {
  url: string;
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  image: string;
  siteName: string;
}) {
  const shownTitle = title || 'The page’s built-in title';
  const shownDescription = description || 'The page’s built-in description.';
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  return (
    <div className="space-y-6">
      <section aria-label="Search result preview" className="rounded-lg border border-stone-300 bg-white p-4">
        <h3 className="mb-3 text-sm font-semibold text-stone-700">Search result</h3>
        <p className="text-sm text-stone-700">
          {siteName} · <span className="break-all">{url}</span>
        </p>
        <p className="mt-1 text-xl text-[#1a0dab]">{cut(shownTitle, 60)}</p>
        <p className="mt-1 text-sm text-stone-700">{cut(shownDescription, 160)}</p>
      </section>
      <section aria-label="Social card preview" className="overflow-hidden rounded-lg border border-stone-300 bg-white">
        <h3 className="p-4 pb-2 text-sm font-semibold text-stone-700">Shared link</h3>
        {image ? (
          <img src={image} alt="" width="1200" height="630" className="aspect-[1200/630] w-full object-cover" />
        ) : (
          <div className="flex aspect-[1200/630] w-full items-center justify-center bg-stone-100 p-4 text-center text-sm text-stone-700">
            The site’s default share image
          </div>
        )}
        <div className="border-t border-stone-200 bg-stone-50 p-3">
          <p className="text-xs uppercase text-stone-700">{host}</p>
          <p className="font-semibold">{cut(ogTitle || shownTitle, 70)}</p>
          <p className="text-sm text-stone-700">{cut(ogDescription || shownDescription, 110)}</p>
        </div>
      </section>
    </div>
  );
}
