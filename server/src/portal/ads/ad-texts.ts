import type { GuestLang } from '@splashboard/splash';

/** The words around a splash-page ad, in the guest's language. */
export const AD_TEXTS: Record<GuestLang, { label: string; skip: string; more: string; continuesIn: string }> = {
  'en-US': {
    label: 'Advertisement',
    skip: 'Skip',
    more: 'Learn more',
    continuesIn: 'The page continues by itself in {{seconds}} s',
  },
  'es-ES': {
    label: 'Publicidad',
    skip: 'Saltar',
    more: 'Más información',
    continuesIn: 'La página continúa sola en {{seconds}} s',
  },
};
