// The demo shop's only script (no inline scripts: the pages' CSP forbids them).
// It asks the shop's server to create the order, then hands the reference to Tender.
'use strict';
(function () {
  var $ = function (sel) { return document.querySelector(sel); };
  var naira = function (n) { return '₦' + n.toLocaleString('en-NG'); };

  // "What the page receives": every callback, as the integrator sees it.
  function log(name, detail) {
    console.info('[tender] ' + name + ' ' + JSON.stringify(detail));
    var list = $('#events');
    if (!list) return;
    var item = document.createElement('li');
    var strong = document.createElement('strong');
    strong.textContent = name;
    item.append(strong, ' ', JSON.stringify(detail));
    list.append(item);
  }
  function say(text) {
    var status = $('#form-status');
    if (status) status.textContent = text;
  }
  function orderUrl(reference) { return '/orders/' + encodeURIComponent(reference); }

  function callbacks(reference, after) {
    var outcome;
    return {
      onSuccess: function (r) { outcome = r.status; log('onSuccess', r); },
      onPending: function (r) { outcome = r.status; log('onPending', r); },
      onFailure: function (r) { outcome = r.status; log('onFailure', r); },
      onError: function (e) { log('onError', e); say(e.message); },
      onClose: function (r) {
        log('onClose', r);
        after(r.status || outcome);
      },
    };
  }

  function createOrder(body) {
    return fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { if (!res.ok) throw new Error(data.error || 'The order could not be created'); return data; }); });
  }

  function needTender() {
    if (window.Tender) return true;
    say('The checkout could not be loaded. Check your connection and reload the page.');
    return false;
  }

  // Shop page: cart → server-side order → modal.
  var form = $('#cart-form');
  if (form) {
    var qtys = form.querySelectorAll('input[type=number]');
    var pay = form.querySelector('button.pay');
    var busy = false;
    var update = function () {
      var total = 0;
      qtys.forEach(function (q) { total += (Math.max(0, Math.min(20, parseInt(q.value, 10) || 0))) * Number(q.dataset.price); });
      $('#total').textContent = naira(total);
      pay.disabled = total === 0;
      pay.textContent = total ? 'Pay ' + naira(total) : 'Add something to pay';
    };
    form.addEventListener('input', update);
    update();
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      if (busy || !needTender()) return;
      var items = [];
      qtys.forEach(function (q) { var n = parseInt(q.value, 10) || 0; if (n > 0) items.push({ id: q.name, quantity: n }); });
      // aria-disabled, not disabled: a disabled button drops focus, and the modal gives focus back to it on close.
      busy = true;
      pay.setAttribute('aria-disabled', 'true');
      say('Creating your order…');
      var done = function () { busy = false; pay.removeAttribute('aria-disabled'); };
      createOrder({ items: items, email: form.elements.email.value })
        .then(function (order) {
          say('');
          log('order created', { transactionReference: order.transactionReference, amount: order.amount });
          window.Tender.open(Object.assign({ transactionReference: order.transactionReference, paymentRedirectUrl: order.paymentRedirectUrl },
            callbacks(order.transactionReference, function (status) {
              // Paid or still being confirmed: the order page shows what the server verifies.
              if (status === 'successful' || status === 'pending') location.assign(orderUrl(order.transactionReference));
              else { done(); say(status ? 'The payment did not go through (' + status + '). You can try again.' : ''); }
            })));
        })
        .catch(function (err) { done(); say(err.message); });
    });
  }

  // Inline page: the same order, mounted in the page.
  var start = $('#mount-start');
  if (start) {
    start.addEventListener('click', function () {
      if (!needTender()) return;
      start.disabled = true;
      say('Creating your order…');
      createOrder({ items: [{ id: 'coffee', quantity: 1 }] })
        .then(function (order) {
          say('');
          start.hidden = true;
          var cbs = callbacks(order.transactionReference, function () {});
          var done = function (r) { log('outcome', r); setTimeout(function () { location.assign(orderUrl(order.transactionReference)); }, 1500); };
          var onSuccess = cbs.onSuccess;
          cbs.onSuccess = function (r) { onSuccess(r); done(r); };
          window.Tender.mount('#inline-checkout', Object.assign({ transactionReference: order.transactionReference, paymentRedirectUrl: order.paymentRedirectUrl }, cbs));
        })
        .catch(function (err) { start.disabled = false; say(err.message); });
    });
  }

  // Declarative page: outcomes arrive as DOM events on the button.
  var button = $('[data-tender-reference]');
  if (button) {
    ['success', 'pending', 'failure', 'close', 'error'].forEach(function (name) {
      button.addEventListener('tender:' + name, function (e) {
        log('tender:' + name, e.detail);
        if (name === 'close' && e.detail.status) location.assign(orderUrl(e.detail.reference));
      });
    });
  }

  // Order page: back from a wallet or 3-D Secure page, or "Continue payment": Tender resumes with the same reference.
  var reference = document.body.dataset.reference;
  if (reference) {
    var resume = function () {
      if (!needTender()) return;
      window.Tender.open(Object.assign({ transactionReference: reference }, callbacks(reference, function () {
        location.replace(orderUrl(reference));
      })));
    };
    var again = $('#resume');
    if (again) again.addEventListener('click', resume);
    if ('resume' in document.body.dataset) {
      if (window.Tender) resume();
      else window.addEventListener('load', resume);
    }
  }
})();
