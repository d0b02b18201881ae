import type { Tables } from '../supabase/database.types';
import { readFailed, type BuildClient } from './client';
import { readAll } from './read-all';
import { withUsableUrls } from './clean';

export type SeoSettings = Pick<
  Tables<'seo_settings'>,
  | 'site_name'
  | 'site_description'
  | 'ga4_tracking_id'
  | 'gtm_container_id'
  | 'gsc_verification'
  | 'header_scripts'
  | 'body_scripts'
  | 'default_og_image'
  | 'default_twitter_handle'
  | 'default_schema_markup'
  | 'facebook_app_id'
  | 'favicon_url'
>;

export type StaticSeoRow = Omit<Tables<'static_page_seo'>, 'id' | 'created_at'>;

export async function fetchSeoSettings(client: BuildClient): Promise<SeoSettings | null> {
  const { data, error } = await client
    .from('seo_settings')
    .select(
      'site_name, site_description, ga4_tracking_id, gtm_container_id, gsc_verification, header_scripts, body_scripts, default_og_image, default_twitter_handle, default_schema_markup, facebook_app_id, favicon_url',
    )
    .limit(1)
    .maybeSingle();
  if (error) readFailed('seo_settings', error);
  return data && withUsableUrls('seo_settings', [data], ['default_og_image', 'favicon_url'], () => 'row')[0];
}

export async function fetchStaticSeo(client: BuildClient): Promise<StaticSeoRow[]> {
  const rows = await readAll('static_page_seo', (from, to) =>
    client
      .from('static_page_seo')
      .select(
        'page_route, seo_title, seo_description, seo_keywords, canonical_url, og_title, og_description, og_image, og_type, twitter_card, twitter_title, twitter_description, twitter_image, schema_markup, alt_text, is_indexed, updated_at',
      )
      .order('page_route')
      .range(from, to),
  );
  return withUsableUrls('static_page_seo', rows, ['canonical_url', 'og_image', 'twitter_image'], (r) => r.page_route);
}

export async function fetchRedirects(client: BuildClient) {
  return readAll('seo_redirects', (from, to) =>
    client
      .from('seo_redirects')
      .select('from_url, to_url, redirect_type, is_active')
      .eq('is_active', true)
      .order('created_at')
      .order('id')
      .range(from, to),
  );
}

export async function fetchSitemapOverrides(client: BuildClient) {
  return readAll('sitemap_entries', (from, to) =>
    client
      .from('sitemap_entries')
      .select('url, entry_type, title, is_included, priority, changefreq, updated_at')
      .order('url')
      .range(from, to),
  );
}
