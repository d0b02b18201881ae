/** Tabs whose tools come in a later release (pages, blog posts, page SEO, sitemap, SEO & favicon). */
export default function LaterTab() {
  return (
    <p className="rounded-md border border-dashed border-stone-400 p-6 text-stone-700">
      This tool is not in the admin yet. The public pages it manages are still built from the database as before.
    </p>
  );
}
