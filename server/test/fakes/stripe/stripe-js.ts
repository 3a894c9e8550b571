/**
 * The Stripe.js stand-in: `/v3/` defines `window.Stripe` (elements, the Payment Element, confirmSetup),
 * `/v3/elements-frame` is the Payment Element's iframe (card number, expiry, CVC, country, validated as
 * Stripe validates them), and `/3ds/<setup intent>` is the 3-D Secure test challenge shown in a modal.
 * As with Stripe, card details stay in the frame: it confirms the SetupIntent itself with the
 * publishable key and tells the page the outcome.
 */
import type { PageAnswer } from './pages.ts';

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

  function api(method, path, params) {
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
    var query = new URLSearchParams({ frame: this._id, key: this._group._stripe._key, locale: this._group._locale || 'auto', origin: location.origin });
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

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (!/^pk_(test|live)_/.test(String(key))) throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key.');
    this._key = key;
    this._locale = (options && options.locale) || 'auto';
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return api('GET', '/v1/setup_intents/' + intentIdOf(clientSecret), { key: this._key, client_secret: clientSecret }).then(function (body) {
      return body.error ? { error: body.error } : { setupIntent: body };
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
        var target = new URL(returnUrl, location.href);
        target.searchParams.set('setup_intent', result.setupIntent.id);
        target.searchParams.set('setup_intent_client_secret', clientSecret);
        target.searchParams.set('redirect_status', result.setupIntent.status);
        location.assign(target.toString());
        return new Promise(function () {});
      });
  };
  Stripe.prototype.confirmPayment = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment is not supported by the Stripe fake yet.' } });
  };
  Stripe.prototype.handleNextAction = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'handleNextAction is not supported by the Stripe fake yet.' } });
  };
  window.Stripe = Stripe;
})();
`;
}

/** The Payment Element's frame: the card fields, their validation, and the confirmation request. */
const ELEMENTS_FRAME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Secure payment input frame</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 0; padding: 4px; color: #30313d; }
  label { display: block; font-size: 14px; margin: 0 0 4px; }
  input, select { box-sizing: border-box; width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #e6e6e6; border-radius: 5px; }
  input[aria-invalid="true"] { border-color: #df1b41; }
  .row { display: flex; gap: 12px; }
  .row > div { flex: 1; }
  .field { margin-bottom: 12px; }
  .error { color: #df1b41; font-size: 13px; min-height: 0; margin-top: 4px; }
</style></head>
<body>
<form id="form" novalidate>
  <div class="field"><label for="number">Card number</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="number-error">
    <div class="error" id="number-error" role="alert"></div></div>
  <div class="row">
    <div class="field"><label for="expiry">Expiration date</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-describedby="expiry-error">
      <div class="error" id="expiry-error" role="alert"></div></div>
    <div class="field"><label for="cvc">Security code</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-describedby="cvc-error">
      <div class="error" id="cvc-error" role="alert"></div></div>
  </div>
  <div class="field"><label for="country">Country</label>
    <select id="country" name="country" autocomplete="country">
      <option value="ES">Spain</option><option value="US">United States</option><option value="GB">United Kingdom</option>
      <option value="FR">France</option><option value="DE">Germany</option><option value="PT">Portugal</option>
      <option value="IT">Italy</option><option value="MX">Mexico</option>
    </select></div>
  <div class="error" id="card-error" role="alert"></div>
</form>
<script>
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var FRAME = params.get('frame');
  var KEY = params.get('key');
  var PARENT = params.get('origin') || '*';
  var $ = function (id) { return document.getElementById(id); };
  var touched = {};

  function tell(type, payload, reply) {
    parent.postMessage({ source: 'stripe-fake', frame: FRAME, type: type, payload: payload, reply: reply }, PARENT);
  }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function expectedLength(number) { return /^3[47]/.test(number) ? 15 : 16; }
  function expiryParts() {
    var d = digits($('expiry').value);
    return { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2, 4)), complete: d.length === 4 };
  }

  /** Each field's error, in Stripe's words, or '' when it is fine. */
  function problems() {
    var number = digits($('number').value);
    var expiry = expiryParts();
    var now = new Date();
    var cvc = digits($('cvc').value);
    var out = { number: '', expiry: '', cvc: '' };
    if (!number) out.number = 'Your card number is incomplete.';
    else if (number.length < expectedLength(number)) out.number = 'Your card number is incomplete.';
    else if (!luhn(number)) out.number = 'Your card number is invalid.';
    if (!expiry.complete) out.expiry = "Your card's expiration date is incomplete.";
    else if (expiry.month < 1 || expiry.month > 12) out.expiry = "Your card's expiration date is invalid.";
    else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) out.expiry = "Your card's expiration year is in the past.";
    if (cvc.length < (/^3[47]/.test(number) ? 4 : 3)) out.cvc = "Your card's security code is incomplete.";
    return out;
  }
  function show(field, message) {
    $(field + '-error').textContent = message;
    $(field).setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  function showTouched() {
    var p = problems();
    for (var field in p) if (touched[field]) show(field, p[field]);
  }
  function state() {
    var p = problems();
    var empty = !digits($('number').value) && !digits($('expiry').value) && !digits($('cvc').value);
    return { complete: !p.number && !p.expiry && !p.cvc, empty: empty, value: { type: 'card' }, collapsed: false };
  }

  $('number').addEventListener('input', function () {
    var d = digits(this.value).slice(0, 19);
    this.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    $('card-error').textContent = '';
    tell('change', state());
  });
  $('expiry').addEventListener('input', function () {
    var d = digits(this.value).slice(0, 4);
    this.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    tell('change', state());
  });
  $('cvc').addEventListener('input', function () {
    this.value = digits(this.value).slice(0, 4);
    tell('change', state());
  });
  ['number', 'expiry', 'cvc'].forEach(function (field) {
    $(field).addEventListener('blur', function () { if (this.value) { touched[field] = true; showTouched(); } });
    $(field).addEventListener('focus', function () { tell('focus', {}); });
  });
  $('form').addEventListener('submit', function (e) { e.preventDefault(); });

  function validate() {
    touched = { number: true, expiry: true, cvc: true };
    showTouched();
    var p = problems();
    var first = p.number || p.expiry || p.cvc;
    return first ? { type: 'validation_error', code: 'incomplete', message: first } : null;
  }

  var FIELD_OF_CODE = { incorrect_number: 'number', invalid_number: 'number', invalid_expiry_month: 'expiry', invalid_expiry_year: 'expiry', invalid_cvc: 'cvc', incorrect_cvc: 'cvc' };
  function showApiError(error) {
    var field = FIELD_OF_CODE[error.code];
    if (field) show(field, error.message);
    else $('card-error').textContent = error.message;
  }

  function confirmSetup(payload) {
    var error = validate();
    if (error) return Promise.resolve({ error: error });
    var expiry = expiryParts();
    var body = new URLSearchParams({
      key: KEY,
      client_secret: payload.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': digits($('number').value),
      'payment_method_data[card][exp_month]': String(expiry.month),
      'payment_method_data[card][exp_year]': String(expiry.year),
      'payment_method_data[card][cvc]': digits($('cvc').value),
      'payment_method_data[billing_details][address][country]': $('country').value,
      use_stripe_sdk: 'true',
    });
    if (payload.returnUrl) body.set('return_url', payload.returnUrl);
    return fetch('/v1/setup_intents/' + encodeURIComponent(payload.intentId) + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }).then(function (res) { return res.json(); }).then(function (answer) {
      if (answer.error) {
        showApiError(answer.error);
        return { error: answer.error };
      }
      return { setupIntent: answer };
    }, function () {
      var failure = { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' };
      showApiError(failure);
      return { error: failure };
    });
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'stripe-fake' || (PARENT !== '*' && event.origin !== PARENT)) return;
    if (data.type === 'validate') { var error = validate(); tell('validated', error ? { error: error } : {}, data.id); }
    if (data.type === 'confirm-setup') confirmSetup(data.payload).then(function (result) { tell('confirmed', result, data.id); });
    if (data.type === 'show-error') showApiError(data.payload);
    if (data.type === 'clear') { $('form').reset(); ['number', 'expiry', 'cvc'].forEach(function (f) { show(f, ''); }); tell('cleared', {}, data.id); }
  });

  new ResizeObserver(function () { tell('resize', { height: document.documentElement.scrollHeight }); }).observe(document.body);
  tell('ready', {});
})();
</script></body></html>`;

/** Stripe's 3-D Secure test page: "Complete" or "Fail" the authentication. */
function challengePage(intentId: string): string {
  const id = JSON.stringify(intentId);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title>
<style>body{font:15px system-ui,sans-serif;margin:0;padding:24px;text-align:center}button{font:inherit;padding:10px 24px;margin:8px;border-radius:5px;border:1px solid #ccc;cursor:pointer}#complete{background:#635bff;color:#fff;border-color:#635bff}</style>
</head><body>
<h1>3D Secure 2 Test Page</h1>
<p>This is a test authentication page: it stands for your bank's own check of this payment method.</p>
<button id="complete" type="button">Complete</button>
<button id="fail" type="button">Fail</button>
<script>
  function finish(outcome) {
    fetch('/3ds/' + encodeURIComponent(${id}) + '/' + outcome, { method: 'POST' }).then(function () {
      parent.postMessage({ source: 'stripe-fake', type: '3ds-done', payload: { outcome: outcome } }, '*');
    });
  }
  document.getElementById('complete').addEventListener('click', function () { finish('complete'); });
  document.getElementById('fail').addEventListener('click', function () { finish('fail'); });
</script></body></html>`;
}
