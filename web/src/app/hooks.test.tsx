import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { useQueryParams } from './hooks.ts';

afterEach(cleanup);

function TwoFilters() {
  const [params, setParams] = useQueryParams();
  const set = (key: string, value: string) => setParams((p) => (p.set(key, value), p), { replace: true });
  return (
    <>
      <output>{params.toString()}</output>
      <button
        onClick={() => {
          // Two changes before React draws again, as a fast user or an autofill makes them.
          set('from', '2026-03-10');
          set('to', '2026-03-01');
        }}
      >
        both
      </button>
    </>
  );
}

function ListFilter() {
  const [params, setParams] = useQueryParams();
  return (
    <>
      <output>{params.toString()}</output>
      <button onClick={() => setParams(new URLSearchParams({ status: 'failed' }), { replace: true })}>failed</button>
    </>
  );
}

describe('query parameters in the address', () => {
  it('keeps both of two changes made before the page draws again, and the parameters already there', () => {
    window.history.replaceState(null, '', '/guests?site=4');
    render(
      <BrowserRouter>
        <TwoFilters />
      </BrowserRouter>,
    );
    act(() => screen.getByRole('button', { name: 'both' }).click());
    expect(screen.getByRole('status').textContent).toBe('site=4&from=2026-03-10&to=2026-03-01');
    expect(window.location.search).toBe('?site=4&from=2026-03-10&to=2026-03-01');
  });

  it('keeps the site when a page writes its own query whole, and has nothing to keep where there is none', () => {
    window.history.replaceState(null, '', '/app/settings-view/access-health?site=7&status=all&days=30');
    render(
      <BrowserRouter>
        <ListFilter />
      </BrowserRouter>,
    );
    act(() => screen.getByRole('button', { name: 'failed' }).click());
    expect(window.location.search).toBe('?status=failed&site=7');
    cleanup();

    window.history.replaceState(null, '', '/signup/registration/deployment/first');
    render(
      <BrowserRouter>
        <ListFilter />
      </BrowserRouter>,
    );
    act(() => screen.getByRole('button', { name: 'failed' }).click());
    expect(window.location.search).toBe('?status=failed');
  });
});
