import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../app/i18n.ts';
import { INTEGRATIONS_API, renderAt, stubServer, theList } from './testServer.ts';

// The integrations list against a stand-in for the server's answers (the network is the only thing replaced).

let pages: typeof import('./pages.ts');
beforeAll(async () => {
  initI18n('en-US');
  pages = await import('./pages.ts');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = theList({
  webhook: { state: 'active', configured: true, enabled: true, delivered_30d: 42, parked_30d: 1 },
  hubspot: {
    state: 'failing',
    configured: true,
    enabled: true,
    last_error: 'The vendor refused the key: check it and try again',
    delivered_30d: 3,
    parked_30d: 5,
  },
});
const card = (name: string) =>
  screen.getByRole('heading', { name, level: 2 }).closest<HTMLElement>('[data-testid="integration-card"]')!;

describe('the integrations list', { timeout: 30_000 }, () => {
  it('shows every integration with its state, a failing one’s last error, its counts, and links to its page', async () => {
    stubServer({ [INTEGRATIONS_API]: LIST });
    renderAt(<pages.IntegrationsListPage />);
    await screen.findByRole('heading', { name: 'Webhook', level: 2 });
    expect(screen.getAllByTestId('integration-card')).toHaveLength(19);
    expect(within(card('Webhook')).getByText('Active')).toBeTruthy();
    expect(within(card('Webhook')).getByText('42 delivered · 1 parked (30 days)')).toBeTruthy();
    expect(within(card('HubSpot')).getByText('Failing')).toBeTruthy();
    expect(within(card('HubSpot')).getByText('Last error: The vendor refused the key: check it and try again')).toBeTruthy();
    expect(within(card('Mailchimp')).getByText('Inactive')).toBeTruthy();
    expect(within(card('Mailchimp')).getByText('0 delivered · 0 parked (30 days)')).toBeTruthy();
    expect(within(card('Microsoft Teams')).getByRole('link').getAttribute('href')).toBe('/app/settings-view/msteams');
    expect(screen.getByRole('link', { name: 'Inactive integrations' }).getAttribute('href')).toBe(
      '/app/settings-view/integrations/inactive',
    );
  });

  it('finds integrations by name as one types', async () => {
    stubServer({ [INTEGRATIONS_API]: LIST });
    renderAt(<pages.IntegrationsListPage />);
    await screen.findByRole('heading', { name: 'Webhook', level: 2 });
    fireEvent.change(screen.getByLabelText('Search integrations'), { target: { value: 'mail' } });
    await waitFor(() => expect(screen.getAllByTestId('integration-card')).toHaveLength(3));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Mailchimp', 'Mailjet', 'Mailrelay']);
    fireEvent.change(screen.getByLabelText('Search integrations'), { target: { value: 'salesforce' } });
    await screen.findByText('No integration matches “salesforce”.');
  });

  it('shows only the inactive ones on their page', async () => {
    stubServer({ [INTEGRATIONS_API]: LIST });
    renderAt(<pages.InactiveIntegrationsPage />);
    await screen.findByRole('heading', { name: 'Inactive integrations', level: 1 });
    await screen.findByRole('heading', { name: 'Mailchimp', level: 2 });
    expect(screen.getAllByTestId('integration-card')).toHaveLength(17);
    expect(screen.queryByRole('heading', { name: 'Webhook', level: 2 })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'HubSpot', level: 2 })).toBeNull();
    expect(screen.getByRole('link', { name: 'All integrations' }).getAttribute('href')).toBe('/app/settings-view/integrations');
  });

  it('says so when the list cannot be loaded', async () => {
    stubServer({ [INTEGRATIONS_API]: () => ({ status: 500, body: { status: 500, message: 'Boom', schema_errors: {} } }) });
    renderAt(<pages.IntegrationsListPage />);
    await screen.findByText('Something went wrong');
  });
});
