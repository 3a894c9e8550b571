// The few parts of Stripe.js the Payment Element needs (https://docs.stripe.com/js), typed here: Stripe.js
// is loaded from the server's `stripe_js_url` at run time, never bundled.

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (e: { complete?: boolean }) => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
}

export interface StripeSetupResult {
  setupIntent?: { id: string; status: string };
  error?: StripeError;
}

export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: { theme?: 'stripe' | 'night' } }): StripeElements;
  confirmSetup(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams?: { return_url?: string };
  }): Promise<StripeSetupResult>;
}

type StripeConstructor = (publishableKey: string, options?: { locale?: string }) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | null = null;

/** Adds Stripe.js's <script> once per page load; a failed load may be tried again. */
export function loadStripeJs(src: string): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error(`Stripe.js could not be loaded from ${src}`));
    };
    document.head.appendChild(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Stripe.js's locale for the dashboard's language ('es-ES' -> 'es'; Stripe takes 'en' and 'es'). */
export const stripeLocale = (language: string) => (language.toLowerCase().startsWith('es') ? 'es' : 'en');
