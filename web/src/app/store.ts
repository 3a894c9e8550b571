import { combineReducers, configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import type { AuthMethod, Brand, Profile, Site, Subscription } from '@splashboard/contract';

export interface SessionState {
  user: Profile | null;
  /** The two-factor token kept between the password step and the code step. */
  tfToken: string | null;
}

const session = createSlice({
  name: 'session',
  initialState: { user: null, tfToken: null } as SessionState,
  reducers: {
    signedIn: (s, a: PayloadAction<Profile>) => ({ ...s, user: a.payload, tfToken: null }),
    tfRequired: (s, a: PayloadAction<string>) => ({ ...s, tfToken: a.payload }),
    tfCancelled: (s) => ({ ...s, tfToken: null }),
    profileLoaded: (s, a: PayloadAction<Profile>) => ({ ...s, user: a.payload }),
  },
});

export interface SiteState {
  selectedSiteId: number | null;
  settings: Site | null;
  subscription: Subscription | null;
}

const site = createSlice({
  name: 'site',
  initialState: { selectedSiteId: null, settings: null, subscription: null } as SiteState,
  reducers: {
    siteSelected: (s, a: PayloadAction<number>) => ({
      ...s,
      selectedSiteId: a.payload,
      settings: s.settings?.id === a.payload ? s.settings : null,
    }),
    siteSettingsLoaded: (s, a: PayloadAction<Site>) => ({ ...s, settings: a.payload, selectedSiteId: a.payload.id }),
    subscriptionLoaded: (s, a: PayloadAction<Subscription | null>) => ({ ...s, subscription: a.payload }),
  },
});

/**
 * The brand the dashboard shows (GET /a/api/v1/brand): a provider account's logo, name, colours, footer and
 * sign-in page, or nulls for the product's own look. Kept across reloads so that a page opens in it at once.
 */
const NO_BRAND: Brand = { logo: null, header: null, footer: null, login_page: null };
const brand = createSlice({
  name: 'brand',
  initialState: NO_BRAND,
  reducers: { brandLoaded: (_s, a: PayloadAction<Brand>) => a.payload },
});

/**
 * The answers of the onboarding steps (deployment, field collection, branding, payment, guest user and
 * voucher), kept until the first location is created from them.
 */
export interface OnboardingDraft {
  router_type: string;
  auth_methods: AuthMethod[];
  logo_image: string;
  html_image: string;
  skip_image: boolean;
}

const emptyDraft: OnboardingDraft = { router_type: '', auth_methods: [], logo_image: '', html_image: '', skip_image: false };

const onboarding = createSlice({
  name: 'onboarding',
  initialState: emptyDraft,
  reducers: {
    draftChanged: (s, a: PayloadAction<Partial<OnboardingDraft>>) => ({ ...s, ...a.payload }),
    /** Turns one login method on or off, keeping the others. */
    methodToggled: (s, a: PayloadAction<{ method: AuthMethod; on: boolean }>) => ({
      ...s,
      auth_methods: a.payload.on
        ? [...s.auth_methods.filter((m) => m !== a.payload.method), a.payload.method]
        : s.auth_methods.filter((m) => m !== a.payload.method),
    }),
    draftCleared: () => emptyDraft,
  },
});

export const { signedIn, tfRequired, tfCancelled, profileLoaded } = session.actions;
export const { draftChanged, methodToggled, draftCleared } = onboarding.actions;
export const { siteSelected, siteSettingsLoaded, subscriptionLoaded } = site.actions;
export const { brandLoaded } = brand.actions;
export const LOGGED_OUT = 'app/loggedOut';
export const loggedOut = () => ({ type: LOGGED_OUT });

const appReducer = combineReducers({
  session: session.reducer,
  site: site.reducer,
  onboarding: onboarding.reducer,
  brand: brand.reducer,
});
type AppState = ReturnType<typeof appReducer>;
// Logging out clears all stored state.
const rootReducer = (state: AppState | undefined, action: { type: string }) =>
  appReducer(action.type === LOGGED_OUT ? undefined : state, action);

export function makeStore() {
  const store = configureStore({
    reducer: persistReducer(
      { key: 'root', storage, whitelist: ['session', 'site', 'onboarding', 'brand'] },
      rootReducer as typeof appReducer,
    ),
    middleware: (m) => m({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  return { store, persistor: persistStore(store) };
}

export type Store = ReturnType<typeof makeStore>['store'];
export type RootState = AppState;
export type AppDispatch = Store['dispatch'];
