/**
 * Page SEO (spec): an editor for each built-in route the spec names (the route registry's Page SEO routes), reached
 * by #page-seo/<route>, each showing its title. Without a route in the hash, the home page's.
 */
import type { TabProps } from '../../AdminApp';
import { pageSeoRoutes } from '../../../routes';
import { CONTACT_DEFAULTS } from '../../../config';
import { useStaticPageSeoQuery } from '../../data/static-page-seo/static-page-seo-query';
import { useContactDetailsQuery } from '../../data/contact-details/contact-details-query';
import { useSeoSettingsQuery } from '../../data/seo-settings/seo-settings-query';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { cn } from '../../../components/ui/cn';
import { PageSeoForm } from './PageSeoForm';

export default function PageSeoTab({ item }: TabProps) {
  const route = pageSeoRoutes.find((r) => r.path === item) ?? pageSeoRoutes[0];
  const title = route.pageSeoTitle ?? route.title;
  const seo = useStaticPageSeoQuery(route.path);
  const contact = useContactDetailsQuery();
  const settings = useSeoSettingsQuery();
  const facts = contact.data ?? {
    hotel_name: CONTACT_DEFAULTS.hotelName,
    phone: CONTACT_DEFAULTS.phone,
    email: CONTACT_DEFAULTS.email,
    address: CONTACT_DEFAULTS.address,
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Pages with SEO settings">
        <ul className="space-y-1">
          {pageSeoRoutes.map((r) => (
            <li key={r.path}>
              <a
                href={formatHash({ tab: 'page-seo', item: r.path })}
                aria-current={r.path === route.path ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 hover:bg-stone-100',
                  r.path === route.path && 'bg-maroon-800 text-white hover:bg-maroon-800',
                )}
              >
                <span className="block font-semibold">{r.pageSeoTitle}</span>
                <span className="block font-mono text-xs">{r.path}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Panel title={`${title} (${route.path})`}>
        {seo.isError ? (
          <LoadFailed query={seo} what="SEO settings of this page" />
        ) : seo.isPending || contact.isPending ? (
          <Spinner label="Loading page SEO" />
        ) : (
          <PageSeoForm
            key={`${route.path}@${seo.data?.updated_at ?? 'new'}`}
            route={route.path}
            title={title}
            row={seo.data ?? null}
            contact={facts}
            siteName={settings.data?.site_name || facts.hotel_name}
          />
        )}
      </Panel>
    </div>
  );
}
