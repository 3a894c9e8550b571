import type { FastifyInstance } from 'fastify';

/** Where the portal serves its checkout script (our origin: the pay page's CSP allows it as 'self'). */
export const CHECKOUT_SCRIPT_PATH = '/guest/checkout.js';

/**
 * The pay page's script: mounts Stripe's Payment Element from the form's data attributes and confirms the
 * payment in the page (`redirect: 'if_required'`: 3-D Secure opens in the page, a redirecting method leaves
 * and comes back to the return URL). Refusals are shown in the guest's language from the page's
 * `data-messages` (Stripe's decline code, then its error code; Stripe's own text for the form's checks).
 * Plain ES2017, no build step: captive-portal mini browsers are old WebViews.
 */
export const CHECKOUT_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('checkout');
  if (!form) return;
  var data = form.dataset;
  var messages = JSON.parse(data.messages || '{}');
  var error = document.getElementById('checkout-error');
  var pay = document.getElementById('pay');
  var label = pay.textContent;
  function show(text) {
    error.textContent = text || '';
    error.hidden = !text;
  }
  function ready(on) {
    pay.disabled = !on;
    pay.textContent = on ? label : messages.paying;
  }
  if (typeof window.Stripe !== 'function') return show(messages.load_failed);
  var options = { locale: data.locale };
  if (data.stripeAccount) options.stripeAccount = data.stripeAccount;
  var stripe = window.Stripe(data.publishableKey, options);
  var elements = stripe.elements({ clientSecret: data.clientSecret });
  var element = elements.create('payment');
  element.on('ready', function () {
    pay.disabled = false;
    form.setAttribute('data-ready', 'yes');
  });
  element.mount('#payment-element');
  var returnUrl = new URL(data.returnPath, window.location.href).href;
  function messageOf(e) {
    if (e.type === 'validation_error') return e.message;
    return messages[e.decline_code] || messages[e.code] || messages.generic;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    show('');
    ready(false);
    elements
      .submit()
      .then(function (submitted) {
        if (submitted.error) return submitted;
        return stripe.confirmPayment({ elements: elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      })
      .then(function (result) {
        if (result.error) {
          show(messageOf(result.error));
          return ready(true);
        }
        var sep = returnUrl.indexOf('?') === -1 ? '?' : '&';
        window.location.assign(returnUrl + sep + 'payment_intent=' + encodeURIComponent(result.paymentIntent.id));
      })
      .catch(function () {
        show(messages.generic);
        ready(true);
      });
  });
})();
`;

/** Serves the checkout script, cached a short while (it changes with a deploy). */
export function checkoutScriptRoute(app: FastifyInstance) {
  app.get(CHECKOUT_SCRIPT_PATH, { config: { public: true, csrf: false as const }, schema: { hide: true } }, async (_r, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(CHECKOUT_SCRIPT),
  );
}
