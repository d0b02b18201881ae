/** Newsletter addresses, newest first (D13; the spec names no error text for this read). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { newsletterSubscriberKeys } from './keys';

export const newsletterSubscribersQueryOptions = () =>
  queryOptions({
    queryKey: newsletterSubscriberKeys.list(),
    queryFn: async () =>
      rowsOf(await supabase.from('newsletter_subscribers').select().order('created_at', { ascending: false })),
    meta: { errorMessage: 'Failed to fetch newsletter subscribers' },
  });

export const useNewsletterSubscribersQuery = () => useQuery(newsletterSubscribersQueryOptions());
