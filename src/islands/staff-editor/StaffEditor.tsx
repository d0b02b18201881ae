/**
 * The staff editor's entry (D3, D4). Guests never load it: the page names it in an inert <template>, and the loader
 * in src/components/StaffEditor.astro imports it only when a stored staff session exists, then calls mount().
 * Bundled with the admin, apart from Astro's client build (src/integrations/admin-bundle.ts, D31).
 */
import '@vitejs/plugin-react/preamble';
import { createRoot } from 'react-dom/client';
import { InPlaceApp } from '../../admin/inplace/InPlaceApp';

export function mount() {
  if (document.getElementById('staff-editor-root')) return;
  const host = document.createElement('div');
  host.id = 'staff-editor-root';
  document.body.append(host);
  createRoot(host).render(<InPlaceApp />);
}
