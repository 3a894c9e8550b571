import { useCallback } from 'react';
import { useNavigate, useSearchParams, type NavigateOptions } from 'react-router';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

/**
 * The address's query parameters, like react-router's useSearchParams, except that an update made with a
 * function starts from the address as it is now. react-router hands the function the parameters of the
 * last render, so two changes in quick succession (typing in one filter, then another) lost the first.
 * A page that writes its own query whole keeps the address's `site`: start-up keeps that in step with the
 * selected site, and dropping it cost a second navigation to put it back.
 */
export function useQueryParams(): [
  URLSearchParams,
  (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setParams = useCallback(
    (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
      const current = new URLSearchParams(window.location.search);
      const value = typeof next === 'function' ? next(new URLSearchParams(current)) : next;
      const site = current.get('site');
      if (site !== null && !value.has('site')) value.set('site', site);
      navigate(`?${value.toString()}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}
