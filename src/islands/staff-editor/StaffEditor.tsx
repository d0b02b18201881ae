/**
 * The staff editor's entry (D3, D4). Guests never load it: the page carries it inert, inside a <template>, and the
 * loader in src/components/StaffEditor.astro imports it only when a stored staff session exists, then calls
 * mount(). The default export is the island Astro needs to bundle it (with React) and name its URL; it renders
 * nothing.
 */
import { createRoot } from 'react-dom/client';
import { InPlaceApp } from '../../admin/inplace/InPlaceApp';

export function mount() {
  if (document.getElementById('staff-editor-root')) return;
  const host = document.createElement('div');
  host.id = 'staff-editor-root';
  document.body.append(host);
  createRoot(host).render(<InPlaceApp />);
}

export default function StaffEditor() {
  return null;
}
