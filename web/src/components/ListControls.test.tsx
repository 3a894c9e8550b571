import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n, setLanguage } from '../app/i18n.ts';
import { PagedList, Pager } from './Pager.tsx';
import { SearchField } from './SearchField.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('list paging', () => {
  it('names its buttons and rows in the page’s language and counts pages from 1', async () => {
    initI18n('es-ES');
    await setLanguage('es-ES');
    const onChange = vi.fn();
    render(<Pager total={60} page={2} rpp={25} onChange={onChange} />);
    expect(screen.getByText('26–50 de 60')).toBeTruthy();
    expect(screen.getByText('Filas por página')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(onChange).toHaveBeenCalledWith({ page: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1 });
  });

  it('starts again from page 1 with a new page size, and says when the list is empty', () => {
    initI18n('en-US');
    const onChange = vi.fn();
    const { rerender } = render(
      <PagedList shown={0} empty="No vouchers yet" total={0} page={1} rpp={25} onChange={onChange}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('No vouchers yet')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
    rerender(
      <PagedList shown={25} empty="No vouchers yet" total={60} page={2} rpp={25} onChange={onChange}>
        <p>rows</p>
      </PagedList>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, rpp: 50 });
  });
});

describe('list search', () => {
  it('searches once typing pauses, trimmed, and not for what is already searched', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField value="" onSearch={onSearch} label="Search" />);
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' abc ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['abc']]);

    cleanup();
    onSearch.mockClear();
    // The address's search cleared from elsewhere: the box follows instead of searching again.
    const { rerender } = render(<SearchField value="abc" onSearch={onSearch} label="Search" />);
    rerender(<SearchField value="" onSearch={onSearch} label="Search" />);
    act(() => vi.advanceTimersByTime(1000));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(onSearch).not.toHaveBeenCalled();

    cleanup();
    render(<SearchField value="abc" onSearch={onSearch} label="Search" />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'abc ' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
