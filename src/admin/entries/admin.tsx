/**
 * The dashboard's entry (/admin/ and the spec's /mandala-admin-portal/): the page carries an empty #admin-root with
 * the site's origin and host, and this module mounts the admin there. Bundled apart from Astro's client build and
 * kept by its code's digest (src/integrations/admin-bundle.ts, D31).
 */
import '@vitejs/plugin-react/preamble';
import { createRoot } from 'react-dom/client';
import AdminApp from '../AdminApp';
import { mountPoint } from './mount-point';

const root = mountPoint('admin-root');
const site = JSON.parse(root.dataset.site ?? '{}') as { origin: string; host: string };
createRoot(root).render(<AdminApp site={site} />);
