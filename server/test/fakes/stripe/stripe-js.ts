/**
 * The Stripe.js stand-in: `/v3/` defines `window.Stripe` (elements, the Payment Element, confirmSetup,
 * confirmPayment, handleNextAction, retrieve*Intent; `stripeAccount` for a connected account's intents),
 * `/v3/elements-frame` is the Payment Element's iframe (card number, expiry, CVC, country, validated as
 * Stripe validates them), and `/3ds/<intent>` is the 3-D Secure test challenge shown in an in-page modal
 * (never a pop-up or a new window: captive-portal mini browsers cannot open them). As with Stripe, card
 * details stay in the frame: it confirms the intent itself with the publishable key and tells the page
 * the outcome.
 */
import type { PageAnswer } from './pages.ts';
import { challengePage, ELEMENTS_FRAME } from './stripe-js-frames.ts';

interface Context {
  url: string;
  publishableKey: string;
}

const js = (body: string): PageAnswer => ({ status: 200, type: 'text/javascript; charset=utf-8', body });
const html = (body: string): PageAnswer => ({ status: 200, type: 'text/html; charset=utf-8', body });

export function stripeJsAsset(path: string, ctx: Context): PageAnswer | null {
  if (path === '/v3/' || path === '/v3') return js(stripeJs(ctx.url));
  if (path === '/v3/elements-frame') return html(ELEMENTS_FRAME);
  const challenge = /^\/3ds\/([^/]+)$/.exec(path);
  if (challenge) return html(challengePage(challenge[1]!));
  return null;
}

/** The script the page loads. Talks to its frames by postMessage, to the API with the publishable key. */
function stripeJs(base: string): string {
  return `(function () {
  'use strict';
  var BASE = ${JSON.stringify(base)};
  var nextId = 1;
  var pending = {};
  var elementsById = {};

  window.addEventListener('message', function (event) {
    if (event.origin !== BASE || !event.data || event.data.source !== 'stripe-fake') return;
    var data = event.data;
    if (data.reply && pending[data.reply]) {
      var resolve = pending[data.reply];
      delete pending[data.reply];
      resolve(data.payload);
      return;
    }
    var element = elementsById[data.frame];
    if (element) element._fromFrame(data.type, data.payload || {});
  });

  function ask(frameWindow, type, payload) {
    var id = 'm' + nextId++;
    return new Promise(function (resolve) {
      pending[id] = resolve;
      frameWindow.postMessage({ source: 'stripe-fake', id: id, type: type, payload: payload }, BASE);
    });
  }

  function api(stripe, method, path, params) {
    params = Object.assign({ key: stripe._key }, params);
    if (stripe._account) params._stripe_account = stripe._account;
    var body = new URLSearchParams(params).toString();
    var url = BASE + path + (method === 'GET' ? '?' + body : '');
    return fetch(url, {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : body,
    }).then(function (res) { return res.json(); });
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret || '').split('_secret_')[0];
  }

  function PaymentElement(group, options) {
    this._group = group;
    this._options = options || {};
    this._handlers = {};
    this._frame = null;
    this._id = 'el' + nextId++;
    elementsById[this._id] = this;
  }
  PaymentElement.prototype.mount = function (target) {
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('IntegrationError: mount() could not find ' + target);
    var frame = document.createElement('iframe');
    frame.title = 'Secure payment input frame';
    frame.name = '__privateStripeFrame' + this._id;
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('frameborder', '0');
    frame.style.cssText = 'border:0;width:100%;height:260px;display:block;';
    var appearance = this._group._options.appearance || {};
    var query = new URLSearchParams({ frame: this._id, key: this._group._stripe._key, account: this._group._stripe._account || '', locale: this._group._locale || 'auto', origin: location.origin, theme: appearance.theme || 'stripe' });
    frame.src = BASE + '/v3/elements-frame?' + query.toString();
    container.appendChild(frame);
    this._frame = frame;
  };
  PaymentElement.prototype._fromFrame = function (type, payload) {
    if (type === 'resize' && this._frame) this._frame.style.height = payload.height + 'px';
    var handlers = this._handlers[type] || [];
    for (var i = 0; i < handlers.length; i++) handlers[i](Object.assign({ elementType: 'payment' }, payload));
  };
  PaymentElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  PaymentElement.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  PaymentElement.prototype.update = function () {};
  PaymentElement.prototype.focus = function () { if (this._frame) this._frame.focus(); };
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () { if (this._frame) ask(this._frame.contentWindow, 'clear'); };
  PaymentElement.prototype.unmount = function () {
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
  };
  PaymentElement.prototype.destroy = function () {
    this.unmount();
    delete elementsById[this._id];
    delete this._group._elements.payment;
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._locale = this._options.locale || stripe._locale;
    this._elements = {};
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'payment' && type !== 'card') throw new Error('IntegrationError: the Stripe fake has no ' + type + ' element');
    if (this._elements.payment) throw new Error('IntegrationError: Can only create one Element of type payment.');
    return (this._elements.payment = new PaymentElement(this, options));
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[type === 'card' ? 'payment' : type] || null;
  };
  Elements.prototype.update = function (options) { Object.assign(this._options, options || {}); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var element = this._elements.payment;
    if (!element || !element._frame) {
      return Promise.resolve({ error: { type: 'validation_error', message: 'The Payment Element is not mounted.' } });
    }
    return ask(element._frame.contentWindow, 'validate').then(function (result) {
      element._submitted = !result.error;
      return result.error ? { error: result.error } : {};
    });
  };

  function challenge(url) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure challenge';
      frame.src = url;
      frame.style.cssText = 'width:400px;max-width:95vw;height:360px;border:0;background:#fff;border-radius:8px;';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function done(event) {
        if (event.origin !== BASE || !event.data || event.data.source !== 'stripe-fake' || event.data.type !== '3ds-done') return;
        window.removeEventListener('message', done);
        overlay.parentNode.removeChild(overlay);
        resolve();
      }
      window.addEventListener('message', done);
    });
  }

  /** Goes to return_url as Stripe does after a confirmation, naming the intent and how it ended. */
  function redirectTo(returnUrl, kind, intent, clientSecret) {
    var target = new URL(returnUrl, location.href);
    target.searchParams.set(kind, intent.id);
    target.searchParams.set(kind + '_client_secret', clientSecret);
    target.searchParams.set('redirect_status', intent.status === 'succeeded' || intent.status === 'processing' ? intent.status : 'failed');
    location.assign(target.toString());
    return new Promise(function () {});
  }

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key.');
    this._key = key;
    this._locale = (options && options.locale) || 'auto';
    this._account = (options && options.stripeAccount) || null;
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return api(this, 'GET', '/v1/setup_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (body) {
      return body.error ? { error: body.error } : { setupIntent: body };
    });
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return api(this, 'GET', '/v1/payment_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (body) {
      return body.error ? { error: body.error } : { paymentIntent: body };
    });
  };
  /** After the 3-D Secure modal: the intent as it ended, or its error as Stripe.js gives it. */
  Stripe.prototype._afterChallenge = function (intent, clientSecret, element) {
    var stripe = this;
    return challenge(intent.next_action.use_stripe_sdk.stripe_js + '?client_secret=' + encodeURIComponent(clientSecret)).then(function () {
      return stripe.retrievePaymentIntent(clientSecret).then(function (after) {
        if (after.error || after.paymentIntent.status === 'succeeded' || after.paymentIntent.status === 'processing') return after;
        var error = after.paymentIntent.last_payment_error || { type: 'invalid_request_error', message: 'Authentication failed.' };
        if (element && element._frame) element._frame.contentWindow.postMessage({ source: 'stripe-fake', type: 'show-error', payload: error }, BASE);
        return { error: Object.assign({}, error, { payment_intent: after.paymentIntent }) };
      });
    });
  };
  Stripe.prototype.confirmPayment = function (options) {
    var stripe = this;
    options = options || {};
    var elements = options.elements;
    var element = elements && elements._elements.payment;
    var clientSecret = options.clientSecret || (elements && elements._options.clientSecret);
    var confirmParams = options.confirmParams || {};
    var returnUrl = confirmParams.return_url;
    var redirect = options.redirect || 'always';
    if (!element || !element._frame) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment needs mounted elements.' } });
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Missing value for stripe.confirmPayment(): clientSecret should be a client secret.' } });
    if (redirect === 'always' && !returnUrl) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Missing value for stripe.confirmPayment(): confirmParams.return_url should be a string.' } });
    var pmData = confirmParams.payment_method_data || {};
    return ask(element._frame.contentWindow, 'confirm-payment', {
      clientSecret: clientSecret,
      intentId: intentIdOf(clientSecret),
      returnUrl: returnUrl || '',
      receiptEmail: confirmParams.receipt_email || '',
      billingDetails: pmData.billing_details || {},
    })
      .then(function (result) {
        if (result.error || result.paymentIntent.status !== 'requires_action') return result;
        return stripe._afterChallenge(result.paymentIntent, clientSecret, element);
      })
      .then(function (result) {
        if (result.error || redirect === 'if_required') return result;
        return redirectTo(returnUrl, 'payment_intent', result.paymentIntent, clientSecret);
      });
  };
  Stripe.prototype.handleNextAction = function (options) {
    var stripe = this;
    var clientSecret = options && options.clientSecret;
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Missing value for stripe.handleNextAction(): clientSecret should be a client secret.' } });
    return stripe.retrievePaymentIntent(clientSecret).then(function (result) {
      if (result.error || result.paymentIntent.status !== 'requires_action') return result;
      return stripe._afterChallenge(result.paymentIntent, clientSecret, null);
    });
  };
  Stripe.prototype.confirmSetup = function (options) {
    var stripe = this;
    var elements = options && options.elements;
    var element = elements && elements._elements.payment;
    var clientSecret = (options && options.clientSecret) || (elements && elements._options.clientSecret);
    var returnUrl = options && options.confirmParams && options.confirmParams.return_url;
    var redirect = (options && options.redirect) || 'always';
    if (!element || !element._frame) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmSetup needs mounted elements.' } });
    if (!clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Missing value for confirmSetup: clientSecret.' } });
    if (redirect === 'always' && !returnUrl) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Missing value for confirmSetup: confirmParams.return_url.' } });
    var intentId = intentIdOf(clientSecret);
    return ask(element._frame.contentWindow, 'confirm-setup', { clientSecret: clientSecret, intentId: intentId, returnUrl: returnUrl || '' })
      .then(function (result) {
        if (result.error) return result;
        var intent = result.setupIntent;
        if (intent.status !== 'requires_action') return result;
        return challenge(intent.next_action.use_stripe_sdk.stripe_js + '?client_secret=' + encodeURIComponent(clientSecret)).then(function () {
          return stripe.retrieveSetupIntent(clientSecret).then(function (after) {
            if (after.error) return after;
            if (after.setupIntent.status === 'succeeded') return after;
            var error = after.setupIntent.last_setup_error || { type: 'invalid_request_error', message: 'Authentication failed.' };
            element._frame && element._frame.contentWindow.postMessage({ source: 'stripe-fake', type: 'show-error', payload: error }, BASE);
            return { error: Object.assign({}, error, { setup_intent: after.setupIntent }) };
          });
        });
      })
      .then(function (result) {
        if (result.error || redirect === 'if_required') return result;
        return redirectTo(returnUrl, 'setup_intent', result.setupIntent, clientSecret);
      });
  };
  window.Stripe = Stripe;
})();
`;
}
