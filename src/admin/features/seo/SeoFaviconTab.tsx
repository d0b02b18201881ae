/**
 * SEO & Favicon (spec): sub-tabs Global SEO (#seo) and Favicon (#seo/favicon) over the single seo_settings row.
 */
import type { TabProps } from '../../AdminApp';
import { useSeoSettingsQuery } from '../../data/seo-settings/seo-settings-query';
import { useContactDetailsQuery } from '../../data/contact-details/contact-details-query';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { CONTACT_DEFAULTS } from '../../../config';
import { GlobalSeoForm } from './GlobalSeoForm';
import { FaviconForm } from './FaviconForm';

export default function SeoFaviconTab({ item }: TabProps) {
  const settings = useSeoSettingsQuery();
  const contact = useContactDetailsQuery();
  const sub = item === 'favicon' ? 'favicon' : 'global';
  const hotelName = contact.data?.hotel_name ?? CONTACT_DEFAULTS.hotelName;

  if (settings.isPending) return <Spinner label="Loading SEO settings" />;
  if (settings.isError) return <LoadFailed query={settings} what="SEO settings" />;
  const row = settings.data ?? null;
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
          <GlobalSeoForm key={row?.id ?? 'new'} row={row} hotelName={hotelName} />
        </TabsContent>
        <TabsContent value="favicon">
          <FaviconForm key={row?.id ?? 'new'} row={row} hotelName={hotelName} />
        </TabsContent>
      </Tabs>
    </Panel>
  );
}
