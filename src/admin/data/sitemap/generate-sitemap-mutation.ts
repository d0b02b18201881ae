/**
 * 'Generate' (D10): calls the generate-sitemap function, which asks for a build, then follows that build until it
 * is live (the sitemap is part of every build) or has failed. Resolves when it is live; throws otherwise, and the
 * tab says 'Failed to generate sitemap' with the reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { buildKeys } from '../builds/keys';

const WAIT_MS = 5 * 60_000;

async function functionError(error: unknown): Promise<Error> {
  const res = (error as { context?: unknown }).context;
  const body = res instanceof Response ? await res.json().catch(() => null) : null;
  return new Error((body as { error?: string } | null)?.error ?? (error as Error).message);
}

export function useGenerateSitemapMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data, error } = await supabase.functions.invoke<{ build?: { id: number } }>('generate-sitemap', {
        body: {},
      });
      if (error) throw await functionError(error);
      await queryClient.invalidateQueries({ queryKey: buildKeys.all });
      const id = data?.build?.id;
      if (!id) return; // a host that builds without recording (a deploy hook): asked for, nothing to follow
      const until = Date.now() + WAIT_MS;
      while (Date.now() < until) {
        const { data: build, error: readError } = await supabase
          .from('site_builds')
          .select('status, error')
          .eq('id', id)
          .single();
        if (readError) throw readError;
        if (build.status === 'succeeded') return;
        if (build.status === 'failed') throw new Error(build.error ?? 'The build failed.');
        await new Promise((r) => setTimeout(r, 1000));
      }
      throw new Error('The build did not finish within five minutes; the publish status shows how it goes.');
    },
  });
}
