import { describe, expect, it } from 'vitest';
import { draftChanged, loggedOut, makeStore, methodToggled, siteSelected, signedIn } from './store.ts';

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

describe('onboarding draft', () => {
  it('collects the answers of the steps, toggles methods without duplicates, and is cleared on logout', () => {
    const { store } = makeStore();
    store.dispatch(draftChanged({ router_type: 'unifi' }));
    store.dispatch(methodToggled({ method: 'email', on: true }));
    store.dispatch(methodToggled({ method: 'email', on: true }));
    store.dispatch(methodToggled({ method: 'voucher', on: true }));
    store.dispatch(methodToggled({ method: 'email', on: false }));
    expect(store.getState().onboarding).toMatchObject({ router_type: 'unifi', auth_methods: ['voucher'] });
    store.dispatch(loggedOut());
    expect(store.getState().onboarding).toMatchObject({ router_type: '', auth_methods: [] });
  });
});
