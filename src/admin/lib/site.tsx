/** The public site's origin (SITE_URL at build time): its host labels the hotel's own reviews (D15). */
import { createContext, useContext } from 'react';

export const SiteContext = createContext({ origin: 'http://localhost:4321', host: 'localhost:4321' });
export const useSite = () => useContext(SiteContext);
