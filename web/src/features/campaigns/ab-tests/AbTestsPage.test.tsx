import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { abTestListSchema, abTestSchema, type AbTest } from '@splashboard/contract';
import { initI18n } from '../../../app/i18n.ts';
import { API, renderAt, stubServer, type Call } from '../../payments/testServer.tsx';

// The A/B tests page against a stand-in for the server's answers (the network is the only thing replaced).

let AbTestsPage: typeof import('./AbTestsPage.tsx').AbTestsPage;
beforeAll(async () => {
  initI18n('en-US');
  ({ AbTestsPage } = await import('./AbTestsPage.tsx'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TESTS = `${API}/campaigns/ab-tests`;
const funnel = (impressions: number, granted: number) => ({
  impressions,
  method_chosen: Math.round(impressions * 0.8),
  submitted: Math.round(impressions * 0.6),
  granted,
});
const aTest = (fields: Partial<AbTest> = {}): AbTest =>
  abTestSchema.parse({
    id: 3,
    name: 'Dark or light',
    status: 'running',
    variants: [
      { id: 11, name: 'A', weight: 50, design: {}, funnel: funnel(2000, 200), conversion: 0.1, chance_to_win: 0.022 },
      {
        id: 12,
        name: 'B',
        weight: 50,
        design: { body_color: '#101820' },
        funnel: funnel(2000, 240),
        conversion: 0.12,
        chance_to_win: 0.978,
      },
    ],
    verdict: { variant_id: 12, chance_to_win: 0.978, sure: true },
    kept_variant_id: null,
    started_at: '2026-11-01T10:00:00.000Z',
    ended_at: null,
    ...fields,
  });
const ENDED = aTest({
  id: 1,
  name: 'Logo test',
  status: 'ended',
  kept_variant_id: 11,
  verdict: null,
  ended_at: '2026-10-20T10:00:00.000Z',
  started_at: '2026-10-01T10:00:00.000Z',
});
const list = (tests: AbTest[], can_write = true) => abTestListSchema.parse({ tests, funnel: funnel(4000, 440), can_write });
/** The site funnel's answer, for whichever days are asked. */
const siteFunnel = (call: Call) => {
  const q = new URL(call.url, 'http://x').searchParams;
  return { status: 200, body: { fromdate: q.get('fromdate'), todate: q.get('todate'), funnel: funnel(500, 100) } };
};
const isFunnel = (key: string | symbol) => typeof key === 'string' && key.startsWith(`${API}/campaigns/funnel?`);
/** The given answers, and the site funnel at any dates. */
const serve = (answers: Record<string, object>) =>
  stubServer(
    new Proxy(answers, {
      has: (target, key) => key in target || isFunnel(key),
      get: (target, key) => (isFunnel(key) ? siteFunnel : target[key as string]),
    }),
  );

describe('the A/B tests page', { timeout: 30_000 }, () => {
  it('shows the site funnel with its step rates, the running test’s verdict in words and past tests', async () => {
    serve({ [TESTS]: list([aTest(), ENDED]) });
    renderAt(<AbTestsPage />);
    expect((await screen.findByTestId('verdict')).textContent).toContain('B converts better, 98% sure');
    const stages = await screen.findAllByText(/^Splash page shown:/);
    expect(stages[0]!.closest('li')!.textContent).toBe('Splash page shown: 500');
    const online = screen.getByText(/^Online:/).closest('li')!;
    // 100 online of 300 who sent a login.
    expect(online.textContent).toContain('33% of the step before');
    const rowB = screen.getByRole('cell', { name: /^B/ }).closest('tr')!;
    expect(within(rowB).getByText('12%')).toBeTruthy();
    expect(within(rowB).getByText('98%')).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past tests' });
    expect(within(past).getByText('Logo test')).toBeTruthy();
    expect(within(past).getByText('Kept: A')).toBeTruthy();
    // A test runs: no form to start another.
    expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
  });

  it('says it is too early while the data is not sure', async () => {
    serve({ [TESTS]: list([aTest({ verdict: { variant_id: 12, chance_to_win: 0.8, sure: false } })]) });
    renderAt(<AbTestsPage />);
    expect((await screen.findByTestId('verdict')).textContent).toContain('Too early to say: B leads (80% chance to be best)');
  });

  it('asks the site funnel for the chosen days', async () => {
    const calls = serve({ [TESTS]: list([]) });
    renderAt(<AbTestsPage />);
    await screen.findByText('Start a test');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === `${API}/campaigns/funnel?fromdate=2026-01-01&todate=2026-01-31`)).toBe(true),
    );
  });

  it('ends the test keeping the chosen variant after asking', async () => {
    let ended = false;
    const calls = serve({
      [TESTS]: () => ({ status: 200, body: list(ended ? [aTest({ status: 'ended', kept_variant_id: 12 })] : [aTest()]) }),
      [`POST ${TESTS}/3/end`]: () => {
        ended = true;
        return { status: 200, body: aTest({ status: 'ended', kept_variant_id: 12 }) };
      },
    });
    renderAt(<AbTestsPage />);
    await screen.findByTestId('verdict');
    const rowB = screen.getByRole('cell', { name: /^B/ }).closest('tr')!;
    fireEvent.click(within(rowB).getByRole('button', { name: 'End test and keep this variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep “B”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End and keep' }));
    await screen.findByText('The test ended: “B” is now the splash page');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: `${TESTS}/3/end`, body: { keep_variant_id: 12 } });
    // The page reads the list again: the test is now a past one, and a new one may start.
    await screen.findByText('Kept: B');
    expect(screen.getByRole('button', { name: 'Start test' })).toBeTruthy();
  });

  it('starts a test with the variants’ names, weights and only the design fields filled in', async () => {
    const calls = serve({
      [TESTS]: list([]),
      [`POST ${TESTS}`]: aTest(),
    });
    renderAt(<AbTestsPage />);
    await screen.findByText('Start a test');
    fireEvent.change(screen.getByLabelText(/Test name/), { target: { value: 'Dark or light' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    const weights = screen.getAllByLabelText('Share of guests (%)');
    fireEvent.change(weights[0]!, { target: { value: '40' } });
    fireEvent.change(weights[1]!, { target: { value: '30' } });
    expect(screen.getByText('Total: 70 % (must be 100 %)')).toBeTruthy();
    fireEvent.change(weights[2]!, { target: { value: '30' } });
    fireEvent.change(screen.getAllByLabelText('Page background')[1]!, { target: { value: '#101820' } });
    fireEvent.change(screen.getAllByLabelText('Terms link')[2]!, { target: { value: 'House rules' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start test' }));
    await screen.findByText('Test started');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Dark or light',
      variants: [
        { name: 'A', weight: 40, design: {} },
        { name: 'B', weight: 30, design: { body_color: '#101820' } },
        { name: 'C', weight: 30, design: { tos_text: 'House rules' } },
      ],
    });
  });

  it('shows the server’s refusal on the field it names', async () => {
    serve({
      [TESTS]: list([]),
      [`POST ${TESTS}`]: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'Validation failed',
          code: 'common.validation',
          schema_errors: { 'variants.1.design.body_color': ['Enter a colour such as #1976d2'] },
        },
      }),
    });
    renderAt(<AbTestsPage />);
    await screen.findByText('Start a test');
    fireEvent.change(screen.getByLabelText(/Test name/), { target: { value: 'Colours' } });
    fireEvent.change(screen.getAllByLabelText('Page background')[1]!, { target: { value: 'blue-ish' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start test' }));
    const field = screen.getAllByLabelText('Page background')[1]!;
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a colour such as #1976d2')).toBeTruthy();
  });

  it('lets a Read Only client see the test but not end it or start another', async () => {
    serve({ [TESTS]: list([aTest()], false) });
    renderAt(<AbTestsPage />);
    await screen.findByTestId('verdict');
    expect(screen.getByText('You can see the tests but not start or end them (Read Only access).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End test and keep this variant' })).toBeNull();
  });
});
