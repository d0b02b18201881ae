/** The page's element an admin entry mounts into; a page without it is a page built wrong, said in the console. */
export function mountPoint(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the admin mounts into #${id}, and this page has none`);
  return el;
}
