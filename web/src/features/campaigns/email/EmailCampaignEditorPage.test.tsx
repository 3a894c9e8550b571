import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../../app/i18n.ts';
import { CAMPAIGNS, aCampaign, aTemplate, renderAt, stubServer } from './testServer.ts';

// The campaign editor page (gallery, form, Save, Send a test) against a stand-in for the server's answers.

let EmailCampaignEditorPage: typeof import('./EmailCampaignEditorPage.tsx').EmailCampaignEditorPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ EmailCampaignEditorPage } = await import('./EmailCampaignEditorPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EDIT = { path: '/app/campaigns/email/edit/:id', at: '/app/campaigns/email/edit/11' };
const CREATE = { path: '/app/campaigns/email/create', at: '/app/campaigns/email/create' };
const PLAIN = aCampaign({ id: 11, email_type: 'PlainText' });
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const refusal = (message: string, schema_errors: Record<string, string[]> = {}) => ({
  status: 422,
  body: { status: 422, message, schema_errors },
});

describe('the email campaign editor page', { timeout: 30_000 }, () => {
  it('shows the template gallery in the dashboard’s language, and opens the chosen template in the form', async () => {
    const calls = stubServer({
      [`${CAMPAIGNS}/templates?lang=en`]: {
        templates: [aTemplate(), aTemplate({ id: 'birthday', name: 'Birthday', description: 'On their day' })],
      },
      [`${CAMPAIGNS}/templates/birthday`]: aTemplate({
        id: 'birthday',
        name: 'Birthday',
        subject: 'Happy birthday, {{first_name}}',
        plain_text: 'Happy birthday',
      }),
    });
    renderAt(<EmailCampaignEditorPage />, CREATE);
    await screen.findByText('On their day');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create campaign');
    expect(screen.getByText('Start from scratch')).toBeTruthy();
    expect(screen.getByTitle('Preview of Birthday').getAttribute('sandbox')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Use this template: Birthday' }));
    await waitFor(() => expect(value('Subject')).toBe('Happy birthday, {{first_name}}'));
    expect(screen.getByTestId('location').textContent).toBe('/app/campaigns/email/create?template=birthday');
    expect(value('Name')).toBe('Birthday');
    expect(value('Plain-text part')).toBe('Happy birthday');
    expect(value('Days')).toBe('2');
    expect(calls.map((c) => c.url)).toContain(`${CAMPAIGNS}/templates/birthday`);
  });

  it('creates a campaign from scratch and goes on to edit it', async () => {
    const calls = stubServer({
      [`POST ${CAMPAIGNS}/email`]: (c) => ({ status: 201, body: aCampaign({ ...(c.body as object), id: 99 }) }),
      [`${CAMPAIGNS}/email/99`]: aCampaign({ id: 99, name: 'Autumn news', email_type: 'PlainText' }),
    });
    renderAt(<EmailCampaignEditorPage />, { ...CREATE, at: `${CREATE.at}?template=scratch` });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Email type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Plain text' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Autumn news' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Autumn at the harbour' } });
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Campaign created');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/campaigns/email/edit/99'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      templateId: null,
      name: 'Autumn news',
      subject: 'Autumn at the harbour',
      email_type: 'PlainText',
      trigger_type: 'connect',
      trigger_param: 7,
      run_now: true,
      start_time: null,
      sending_frequency: 'only_once',
      track_opens: true,
      active: false,
    });
  });

  it('refuses a trigger value out of 2-30 and an end before the start in the spec’s words, sending nothing', async () => {
    const calls = stubServer({ [`${CAMPAIGNS}/email/11`]: PLAIN });
    renderAt(<EmailCampaignEditorPage />, EDIT);
    await waitFor(() => expect(value('Days')).toBe('3'));
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Run now' }));
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-12-10T10:00' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Campaign update failed');
    expect(screen.getByText('Campaign trigger value must be more than 1 and less than 31')).toBeTruthy();
    expect(screen.getByText('Start date must be less than or equal to end date')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal under its field, and saves once it is put right', async () => {
    let refuse = true;
    const calls = stubServer({
      [`${CAMPAIGNS}/email/11`]: PLAIN,
      [`PUT ${CAMPAIGNS}/email/11`]: (c) =>
        refuse
          ? refusal('Campaign update failed', { start_time: ['Choose when the campaign starts, or run it now'] })
          : { status: 200, body: aCampaign({ ...PLAIN, ...(c.body as object) }) },
    });
    renderAt(<EmailCampaignEditorPage />, EDIT);
    await waitFor(() => expect(value('Subject')).toBe('Nice to see you'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Welcome back');
    fireEvent.click(screen.getByRole('switch', { name: 'Run now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose when the campaign starts, or run it now');
    expect(screen.getAllByText('Campaign update failed').length).toBeGreaterThan(0);
    refuse = false;
    fireEvent.click(screen.getByRole('switch', { name: 'Run now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Campaign saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { run_now: boolean }).run_now)).toEqual([false, true]);
  });

  it('sends a test of the saved campaign to the address given', async () => {
    const calls = stubServer({
      [`${CAMPAIGNS}/email/11`]: PLAIN,
      [`POST ${CAMPAIGNS}/email/11/test`]: { message: 'Test email sent to ana@example.test' },
    });
    renderAt(<EmailCampaignEditorPage />, EDIT);
    await waitFor(() => expect(value('Subject')).toBe('Nice to see you'));
    fireEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test email' });
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: 'ana@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Test email sent to ana@example.test');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${CAMPAIGNS}/email/11/test`, body: { email: 'ana@example.test' } },
    ]);
  });

  it('says so when the campaign is not at this site', async () => {
    stubServer({});
    renderAt(<EmailCampaignEditorPage />, EDIT);
    await screen.findByText('This campaign does not exist at this location.');
  });
});
