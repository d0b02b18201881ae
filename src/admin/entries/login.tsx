/**
 * The login screen's entry (/admin/login/): mounts the form in the page's #admin-root. Bundled with the dashboard,
 * apart from Astro's client build (src/integrations/admin-bundle.ts, D31).
 */
import '@vitejs/plugin-react/preamble';
import { createRoot } from 'react-dom/client';
import LoginApp from '../LoginApp';
import { mountPoint } from './mount-point';

createRoot(mountPoint('admin-root')).render(<LoginApp />);
