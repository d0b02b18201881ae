/**
 * The admin's forms: validation and the spec's messages, queried by role and label as staff (and screen readers)
 * find them. Nothing here reaches a database: a form that is invalid must not call its save at all.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import type { ReactNode } from 'react';
import { AuthProvider, signInMessage } from '../../src/admin/lib/auth';
import { LoginForm } from '../../src/admin/LoginApp';
import { liveAddresses } from '../../src/admin/lib/live-addresses';
import { RedirectForm } from '../../src/admin/features/redirects/RedirectForm';
import { ReviewForm } from '../../src/admin/features/reviews/ReviewForm';
import { CategoryForm } from '../../src/admin/features/categories/CategoryForm';
import { SiteContext } from '../../src/admin/lib/site';

const site = { origin: 'https://boudhamandala.example', host: 'boudhamandala.example' };
function renderWithToasts(ui: ReactNode) {
  return render(
    <SiteContext.Provider value={site}>
      <Toaster />
      {ui}
    </SiteContext.Provider>,
  );
}

describe('login form', () => {
  it('asks for both fields before calling the server, and toggles the password', async () => {
    const user = userEvent.setup();
    const go = vi.fn();
    renderWithToasts(
      <AuthProvider>
        <LoginForm go={go} />
      </AuthProvider>,
    );
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveProperty('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter both email and password')).toBeTruthy();
    await user.type(email, 'staff@boudhamandala.example');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Please enter both email and password')).toHaveLength(2);

    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveProperty('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveProperty('type', 'password');
    expect(go).not.toHaveBeenCalled();
  });

  it('maps sign-in errors to the spec’s messages', () => {
    expect(signInMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Invalid email or password',
    );
    expect(signInMessage({ message: 'Email not confirmed' })).toBe('Email not confirmed');
    expect(signInMessage({ message: '' })).toBe('An unexpected error occurred');
    expect(signInMessage(undefined)).toBe('An unexpected error occurred');
  });
});

describe('redirect form', () => {
  const active = [
    { from_url: '/rooms', to_url: '/accommodation/' },
    { from_url: '/b', to_url: '/c' },
  ] as never[];

  async function add(from: string, to: string) {
    const onAdd = vi.fn(async () => true);
    const user = userEvent.setup();
    renderWithToasts(<RedirectForm active={active} live={new Map()} onAdd={onAdd} />);
    if (from) await user.type(screen.getByLabelText('From URL'), from);
    if (to) await user.type(screen.getByLabelText('To URL'), to);
    await user.click(screen.getByRole('button', { name: 'Add Redirect' }));
    return onAdd;
  }

  it('refuses URLs that are neither a path longer than / nor an absolute URL', async () => {
    const onAdd = await add('/', '/new-page');
    expect(await screen.findByText('Invalid URL')).toBeTruthy();
    expect(
      screen.getByText(
        'Please enter valid URLs. Use relative paths (e.g., /old-page) or absolute URLs (e.g., https://boudhamandala.example/new-page)',
      ),
    ).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('refuses the same source and destination', async () => {
    const onAdd = await add('/old-page', '/old-page/');
    expect(await screen.findByText('Invalid redirect')).toBeTruthy();
    expect(screen.getByText('Source and destination URLs cannot be the same')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('refuses a redirect that would send visitors in a circle (D7)', async () => {
    const onAdd = await add('/c', '/b');
    expect(await screen.findByText('Redirect loop')).toBeTruthy();
    expect(screen.getByText('This redirect would send visitors in a circle')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds a valid redirect with its type and active flag, then clears the form', async () => {
    const onAdd = vi.fn(async () => true);
    const user = userEvent.setup();
    renderWithToasts(<RedirectForm active={active} live={new Map()} onAdd={onAdd} />);
    await user.type(screen.getByLabelText('From URL'), '/summer');
    await user.type(screen.getByLabelText('To URL'), 'https://booking.boudhamandala.example/offers');
    await user.selectOptions(screen.getByLabelText('Redirect Type'), '302 Temporary');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Redirect' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        from_url: '/summer',
        to_url: 'https://booking.boudhamandala.example/offers',
        redirect_type: 302,
        is_active: false,
      }),
    );
    await waitFor(() => expect((screen.getByLabelText('From URL') as HTMLInputElement).value).toBe(''));
  });

  it('reads Adding... while the save runs', async () => {
    let finish: (ok: boolean) => void = () => {};
    const onAdd = vi.fn(() => new Promise<boolean>((r) => (finish = r)));
    const user = userEvent.setup();
    renderWithToasts(<RedirectForm active={[]} live={new Map()} onAdd={onAdd} />);
    await user.type(screen.getByLabelText('From URL'), '/a');
    await user.type(screen.getByLabelText('To URL'), '/b');
    await user.click(screen.getByRole('button', { name: 'Add Redirect' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toHaveProperty('disabled', true);
    finish(false);
    expect(await screen.findByRole('button', { name: 'Add Redirect' })).toBeTruthy();
    // A failed save keeps what was typed.
    expect((screen.getByLabelText('From URL') as HTMLInputElement).value).toBe('/a');
  });

  it('asks before redirecting a live page, naming it and the redirects that lead there (#31)', async () => {
    const onAdd = vi.fn(async () => true);
    const user = userEvent.setup();
    const live = liveAddresses(
      [{ title: 'Monsoon Retreats', slug: 'monsoon', custom_url: null, is_published: true }],
      [{ title: 'Walking the Kora', slug: 'kora', is_published: true, published_date: null }],
    );
    renderWithToasts(
      <RedirectForm active={[{ from_url: '/old-blog/', to_url: '/blog/' }]} live={live} onAdd={onAdd} />,
    );
    await user.type(screen.getByLabelText('From URL'), '/blog');
    await user.type(screen.getByLabelText('To URL'), '/about/');
    await user.click(screen.getByRole('button', { name: 'Add Redirect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Redirect a live page?' });
    expect(dialog.textContent).toContain('/blog is the address of \u201cBlog\u201d');
    expect(dialog.textContent).toContain('/old-blog/ \u2192 /blog \u2192 /about/');
    expect(onAdd).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAdd).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add Redirect' }));
    await user.click(await screen.findByRole('button', { name: 'Redirect anyway' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));

    // A stored page and a post are live addresses too; an address nothing serves asks nothing.
    expect(live.get('/monsoon')).toBe('Monsoon Retreats');
    expect(live.get('/blog/kora')).toBe('Walking the Kora');
    expect(live.has('/old-blog')).toBe(false);
  });
});

describe('review form', () => {
  it('requires name, date and text; offers both platforms; saves ratings 1-5', async () => {
    const onSave = vi.fn(async () => true);
    const user = userEvent.setup();
    renderWithToasts(<ReviewForm editing={null} onSave={onSave} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    // The toast, and each field's own message under it.
    expect(
      (await screen.findAllByText('Reviewer name, review date and review text are required')).length,
    ).toBeGreaterThan(1);
    expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(0);
    expect(onSave).not.toHaveBeenCalled();

    const platform = screen.getByLabelText('Platform');
    expect([...(platform as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'Google My Business',
      'boudhamandala.example',
    ]);
    expect([...(screen.getByLabelText('Rating') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    await user.type(screen.getByLabelText('Reviewer Name'), '  Tenzin  ');
    await user.type(screen.getByLabelText('Review Text'), 'Woke to the stupa at dawn.');
    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.selectOptions(platform, 'boudhamandala.example');
    await user.click(screen.getByRole('switch', { name: 'Featured' }));
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          reviewer_name: 'Tenzin',
          review_text: 'Woke to the stupa at dawn.',
          rating: 4,
          platform_source: 'boudhamandala.example',
          is_displayed: true,
          is_featured: true,
        }),
      ),
    );
  });
});

describe('review platform (D15)', () => {
  it('reads as the configured host for a website review stored under another host, and keeps the stored value', async () => {
    const onSave = vi.fn(async () => true);
    const user = userEvent.setup();
    const stored = {
      reviewer_name: 'Dawa',
      review_date: '2026-10-01',
      review_text: 'Quiet rooms.',
      rating: 4,
      platform_source: 'old-domain.example',
      is_displayed: true,
      is_featured: false,
    };
    renderWithToasts(<ReviewForm editing={stored} onSave={onSave} onCancel={() => {}} />);
    const platform = screen.getByLabelText('Platform') as HTMLSelectElement;
    expect([...platform.options].map((o) => [o.value, o.text])).toEqual([
      ['Google My Business', 'Google My Business'],
      ['old-domain.example', 'boudhamandala.example'],
    ]);
    expect(platform.value).toBe('old-domain.example');
    expect((screen.getByLabelText('Rating') as HTMLSelectElement).value).toBe('4');
    await user.click(screen.getByRole('button', { name: 'Update Review' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ platform_source: 'old-domain.example', rating: 4 }),
      ),
    );
  });
});

describe('category form', () => {
  it('requires a name and derives the slug from it until the slug is edited', async () => {
    const onSave = vi.fn(async () => true);
    const user = userEvent.setup();
    renderWithToasts(<CategoryForm editing={null} onSave={onSave} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    // The toast, and the message under the field, which is marked invalid and described by it (#27).
    expect(await screen.findAllByText('Category name is required')).toHaveLength(2);
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toContain('Category name is required');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Food & Drink  Nepal');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('food-drink-nepal');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'food');
    await user.type(screen.getByLabelText('Name'), '!');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('food');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Food & Drink  Nepal!',
        slug: 'food',
        description: null,
        seo_title: null,
      }),
    );
  });
});

describe('error fallback', () => {
  it("shows 'Oops!', the message and the ways out", async () => {
    const { default: ErrorBoundary } = await import('../../src/admin/components/ErrorBoundary');
    const Boom = () => {
      throw new Error('Failed to fetch reviews');
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    spy.mockRestore();
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Failed to fetch reviews')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
