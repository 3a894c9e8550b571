// First: it sets how zod works before any module makes a schema.
import './app/zodConfig.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { BrowserRouter } from 'react-router';
import { SnackbarProvider } from 'notistack';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { makeStore } from './app/store.ts';
import { initI18n, setLanguage } from './app/i18n.ts';
import { loadSettings } from './app/settings.ts';
import { UiSettingsProvider } from './app/UiSettings.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { Startup } from './app/Startup.tsx';
import { AppRoutes, preloadSignedIn } from './routes/router.tsx';
import { loadMeta } from './app/meta.ts';
import { configureTelemetry, watchUncaught } from './app/telemetry.ts';

const language = loadSettings().language;
initI18n(language);
watchUncaught();
// Error reporting and analytics stay off unless the server configures them.
loadMeta().then(
  (meta) => configureTelemetry(meta.ui_settings),
  () => {},
);
const { store, persistor } = makeStore();

// Spanish readers wait for their texts (one small chunk) instead of seeing English first.
void setLanguage(language).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <PersistGate persistor={persistor} loading={null}>
          <UiSettingsProvider>
            <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
              <ErrorBoundary>
                <BrowserRouter basename="/newapp">
                  <Startup preload={preloadSignedIn}>
                    <AppRoutes />
                  </Startup>
                </BrowserRouter>
              </ErrorBoundary>
            </SnackbarProvider>
          </UiSettingsProvider>
        </PersistGate>
      </Provider>
    </StrictMode>,
  ),
);
