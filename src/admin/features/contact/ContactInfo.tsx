/** Contact Info: the single contact_details row, with the hotel's defaults prefilled (D16); update or insert. */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { usePublish } from '../../lib/publish';
import { toast } from '../../lib/toast';
import { failure, saveRow } from '../../lib/rows';
import { CONTACT_DEFAULTS } from '../../../config';
import { Card, Field, Spinner, TextArea, primaryButton } from '../../components/ui';

type Details = Tables<'contact_details'>;
type Input = Pick<Details, 'hotel_name' | 'phone' | 'email' | 'address' | 'booking_url'>;

const defaults: Input = {
  hotel_name: CONTACT_DEFAULTS.hotelName,
  phone: CONTACT_DEFAULTS.phone,
  email: CONTACT_DEFAULTS.email,
  address: CONTACT_DEFAULTS.address,
  booking_url: CONTACT_DEFAULTS.bookingUrl,
};

export default function ContactInfo() {
  const queryClient = useQueryClient();
  const { requestPublish } = usePublish();
  const { data: row, isLoading } = useQuery({
    queryKey: keys.contact.details,
    queryFn: async () => {
      const { data, error } = await supabase.from('contact_details').select().limit(1).maybeSingle();
      if (error) {
        toast.error('Failed to fetch contact details');
        throw error;
      }
      return data;
    },
  });
  const [form, setForm] = useState<Input>(defaults);
  const [busy, setBusy] = useState(false);
  // The row the form was filled from: a refetch never replaces what is being typed, and the save checks this
  // row's updated_at, so someone else's change in between is reported (D18) rather than overwritten.
  const [loaded, setLoaded] = useState<Details | null>(null);
  useEffect(() => {
    if (row && !loaded) {
      const { hotel_name, phone, email, address, booking_url } = row;
      setForm({ hotel_name, phone, email, address, booking_url });
      setLoaded(row);
    }
  }, [row, loaded]);
  const set = (k: keyof Input) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await saveRow('contact_details', loaded, form);
      toast.success('Contact details updated successfully');
      await queryClient.invalidateQueries({ queryKey: keys.contact.details });
      setLoaded(null);
      requestPublish();
    } catch (err) {
      const message = (err as { message?: string }).message;
      toast.error(
        failure(err, loaded ? 'Failed to update contact details' : 'Failed to save contact details'),
        message && /check constraint|violates/i.test(message) ? 'Check the email address and booking URL.' : undefined,
      );
    } finally {
      setBusy(false);
    }
  }

  if (isLoading) return <Spinner />;
  return (
    <Card title="Contact Details">
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <Field label="Hotel Name" required value={form.hotel_name} onChange={set('hotel_name')} />
        <Field label="Phone" type="tel" required value={form.phone} onChange={set('phone')} />
        <Field label="Email" type="email" required value={form.email} onChange={set('email')} />
        <Field label="Booking URL" type="url" required value={form.booking_url} onChange={set('booking_url')} />
        <div className="md:col-span-2">
          <TextArea label="Address" rows={2} required value={form.address} onChange={set('address')} />
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Saving...' : 'Save Contact Details'}
          </button>
        </div>
      </form>
    </Card>
  );
}
