import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { initI18n, setLanguage } from './i18n.ts';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed');
}

describe('crash screen', () => {
  it("shows 'An error has occurred' instead of a blank page, in the chosen language", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    initI18n('en-US');
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('An error has occurred');
    cleanup();
    await setLanguage('es-ES');
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Se ha producido un error');
  });
});
