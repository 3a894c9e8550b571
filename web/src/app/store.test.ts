import { describe, expect, it } from 'vitest';
import { loggedOut, makeStore, siteSelected, signedIn } from './store.ts';

describe('store', () => {
  it('keeps the user and the site, and logging out clears all of it', () => {
    const { store } = makeStore();
    store.dispatch(signedIn({ id: 1, name: 'A' } as never));
    store.dispatch(siteSelected(7));
    expect(store.getState().session.user?.id).toBe(1);
    expect(store.getState().site.selectedSiteId).toBe(7);
    store.dispatch(loggedOut());
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().site.selectedSiteId).toBeNull();
  });
});
