/**
 * SEO & Favicon (spec): sub-tabs Global SEO (#seo) and Favicon (#seo/favicon) over the single seo_settings row. Each
 * reads what it shows: Global SEO the whole row ('Failed to fetch SEO settings'), Favicon only the favicon ('Failed
 * to fetch SEO data').
 */
import type { TabProps } from '../../AdminApp';
import { useSeoSettingsQuery } from '../../data/seo-settings/seo-settings-query';
import { useFaviconQuery } from '../../data/seo-settings/favicon-query';
import { useContactDetailsQuery } from '../../data/contact-details/contact-details-query';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { CONTACT_DEFAULTS } from '../../../config';
import { GlobalSeoForm } from './GlobalSeoForm';
import { FaviconForm } from './FaviconForm';

function GlobalSeo({ hotelName }: { hotelName: string }) {
  const settings = useSeoSettingsQuery();
  if (settings.isPending) return <Spinner label="Loading SEO settings" />;
  if (settings.isError) return <LoadFailed query={settings} what="SEO settings" />;
  const row = settings.data ?? null;
  return <GlobalSeoForm key={row?.id ?? 'new'} row={row} hotelName={hotelName} />;
}

function Favicon({ hotelName }: { hotelName: string }) {
  const favicon = useFaviconQuery();
  if (favicon.isPending) return <Spinner label="Loading favicon" />;
  if (favicon.isError) return <LoadFailed query={favicon} what="favicon" />;
  const row = favicon.data ?? null;
  return <FaviconForm key={row?.id ?? 'new'} row={row} hotelName={hotelName} />;
}

export default function SeoFaviconTab({ item }: TabProps) {
  const contact = useContactDetailsQuery();
  const sub = item === 'favicon' ? 'favicon' : 'global';
  const hotelName = contact.data?.hotel_name ?? CONTACT_DEFAULTS.hotelName;

  return (
    <Panel title="SEO & Favicon">
      <Tabs
        value={sub}
        onValueChange={(v) => {
          window.location.hash = formatHash({ tab: 'seo', item: v === 'favicon' ? 'favicon' : undefined });
        }}
      >
        <TabsList aria-label="SEO & Favicon sections">
          <TabsTrigger value="global">Global SEO</TabsTrigger>
          <TabsTrigger value="favicon">Favicon</TabsTrigger>
        </TabsList>
        <TabsContent value="global">
          <GlobalSeo hotelName={hotelName} />
        </TabsContent>
        <TabsContent value="favicon">
          <Favicon hotelName={hotelName} />
        </TabsContent>
      </Tabs>
    </Panel>
  );
}
