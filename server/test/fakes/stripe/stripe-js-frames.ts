/**
 * The pages Stripe.js opens in frames: the Payment Element's fields (validated with Stripe's messages;
 * it confirms the SetupIntent or PaymentIntent itself, so card details never reach the host page) and
 * the 3-D Secure test challenge.
 */
/** The Payment Element's frame: the card fields, their validation, and the confirmation request. */
export const ELEMENTS_FRAME = `<!doctype html>
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
  body.night { color: #e0e0e0; color-scheme: dark; }
  body.night input, body.night select { background: #30313d; color: #fff; border-color: #424353; }
  body.night .error { color: #fe87a1; }
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
  var ACCOUNT = params.get('account');
  var PARENT = params.get('origin') || '*';
  if (params.get('theme') === 'night') document.body.classList.add('night');
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

  /** The card as confirmation parameters, with the billing details the page gave (confirmParams). */
  function cardParams(payload) {
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
    var billing = payload.billingDetails || {};
    ['name', 'email', 'phone'].forEach(function (field) {
      if (billing[field]) body.set('payment_method_data[billing_details][' + field + ']', billing[field]);
    });
    var address = billing.address || {};
    Object.keys(address).forEach(function (field) {
      if (address[field]) body.set('payment_method_data[billing_details][address][' + field + ']', address[field]);
    });
    if (payload.returnUrl) body.set('return_url', payload.returnUrl);
    if (payload.receiptEmail) body.set('receipt_email', payload.receiptEmail);
    if (ACCOUNT) body.set('_stripe_account', ACCOUNT);
    return body;
  }

  /** Confirms the intent (\`setup_intents\` or \`payment_intents\`) with the card; \`name\` is how the answer is named. */
  function confirmIntent(path, name, payload) {
    var error = validate();
    if (error) return Promise.resolve({ error: error });
    return fetch('/v1/' + path + '/' + encodeURIComponent(payload.intentId) + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardParams(payload).toString(),
    }).then(function (res) { return res.json(); }).then(function (answer) {
      if (answer.error) {
        showApiError(answer.error);
        return { error: answer.error };
      }
      var result = {};
      result[name] = answer;
      return result;
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
    if (data.type === 'confirm-setup') confirmIntent('setup_intents', 'setupIntent', data.payload).then(function (result) { tell('confirmed', result, data.id); });
    if (data.type === 'confirm-payment') confirmIntent('payment_intents', 'paymentIntent', data.payload).then(function (result) { tell('confirmed', result, data.id); });
    if (data.type === 'show-error') showApiError(data.payload);
    if (data.type === 'clear') { $('form').reset(); ['number', 'expiry', 'cvc'].forEach(function (f) { show(f, ''); }); tell('cleared', {}, data.id); }
  });

  new ResizeObserver(function () { tell('resize', { height: document.documentElement.scrollHeight }); }).observe(document.body);
  tell('ready', {});
})();
</script></body></html>`;

/** Stripe's 3-D Secure test page: "Complete" or "Fail" the authentication. */
export function challengePage(intentId: string): string {
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
