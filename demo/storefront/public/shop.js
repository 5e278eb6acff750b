// The demo shop's only script (no inline scripts: the pages' CSP forbids them).
// It asks the shop's server to create the order, then hands the reference to Tender.

(() => {
  const $ = (sel) => document.querySelector(sel);
  const naira = (n) => '₦' + n.toLocaleString('en-NG');

  // "What the page receives": every callback, as the integrator sees it.
  function log(name, detail) {
    console.info('[tender] ' + name + ' ' + JSON.stringify(detail));
    const list = $('#events');
    if (!list) return;
    const item = document.createElement('li');
    const strong = document.createElement('strong');
    strong.textContent = name;
    item.append(strong, ' ', JSON.stringify(detail));
    list.append(item);
  }
  // What the page says under Pay: a problem in red, progress (`progress`) in the page's quieter ink.
  function say(text, progress) {
    const status = $('#form-status');
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('status-progress', !!progress);
  }
  function orderUrl(reference) {
    return '/orders/' + encodeURIComponent(reference);
  }

  function callbacks(_reference, after) {
    let outcome;
    // What onError said, which a close without a status must not wipe (the payer would be left with nothing).
    let said = '';
    return {
      onSuccess: (r) => {
        outcome = r.status;
        paidOrder(r.reference);
        log('onSuccess', r);
      },
      onPending: (r) => {
        outcome = r.status;
        log('onPending', r);
      },
      onFailure: (r) => {
        outcome = r.status;
        log('onFailure', r);
      },
      onError: (e) => {
        log('onError', e);
        said = e.message;
        say(said);
      },
      onClose: (r) => {
        log('onClose', r);
        after(r.status || outcome, said);
      },
    };
  }

  // The payer reads what went wrong in words, never the browser's "Failed to fetch".
  function createOrder(body) {
    return fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (res) =>
        res
          .json()
          .catch(() => ({}))
          .then((data) => {
            if (!res.ok) throw new Error(data.error || 'The order could not be created. Please try again in a moment.');
            return data;
          }),
      () => {
        throw new Error('The shop could not be reached. Check your connection and try again.');
      },
    );
  }

  // The order this browser is paying, kept for a reload, the way back from a wallet or bank page, or another tab (a
  // payer who closed the tab at a wallet and came back in a new one): Pay with the same cart opens that order again
  // (the checkout shows it paid, or carries on), never a second one the payer could pay twice. Once the checkout says
  // it is paid, the shop page shows its order instead (a reload before the checkout closed); the order page forgets
  // it once it shows it paid. Forgotten after 30 minutes too.
  const OPEN_ORDER = 'shop:open-order';
  function openOrder() {
    try {
      return JSON.parse(localStorage.getItem(OPEN_ORDER) || 'null');
    } catch {
      // No storage, or not ours: nothing kept.
      return null;
    }
  }
  // The kept order while it lasts (30 minutes), for the shop page's Pay and its paid-order check alike. Past that it
  // is removed, not just passed over: its cart holds the payer's e-mail, which a shared device would keep for good.
  function liveOrder() {
    const kept = openOrder();
    if (kept && Date.now() - kept.at < 30 * 60_000) return kept;
    if (kept) localStorage.removeItem(OPEN_ORDER);
    return null;
  }
  function keptOrder(cart) {
    const kept = liveOrder();
    return kept && kept.cart === cart ? kept.order : undefined;
  }
  function writeOrder(kept) {
    try {
      localStorage.setItem(OPEN_ORDER, JSON.stringify(kept));
    } catch {
      // No storage (a private window's limits): a second Pay makes a second order, as before.
    }
  }
  function keepOrder(cart, order) {
    writeOrder({ cart: cart, order: order, at: Date.now() });
  }
  // The order for a cart: the one kept for it while it lasts (`reopened`), else a new one, kept from now on.
  function orderFor(body) {
    const cart = JSON.stringify(body);
    const kept = keptOrder(cart);
    if (kept) return Promise.resolve({ order: kept, reopened: true });
    return createOrder(body).then((order) => {
      keepOrder(cart, order);
      return { order: order, reopened: false };
    });
  }
  function paidOrder(reference) {
    const kept = openOrder();
    if (kept && kept.order.transactionReference === reference) writeOrder(Object.assign(kept, { paid: true }));
  }
  function forgetOrder(reference) {
    const kept = openOrder();
    if (kept && kept.order.transactionReference === reference) localStorage.removeItem(OPEN_ORDER);
  }

  function needTender() {
    if (window.Tender) return true;
    say('The checkout could not be loaded. Check your connection and reload the page.');
    return false;
  }

  // The declarative button comes disabled: a tap before tender.js has run would do nothing. This script runs after it
  // (both are deferred, in this order), so the button works from the moment it is enabled.
  const declarative = $('#declarative-pay');
  if (declarative && needTender()) declarative.disabled = false;

  // Shop page: cart → server-side order → modal. A kept order the checkout said is paid (the page reloaded before
  // the checkout closed): its order page, not a new payment for the same cart.
  const form = $('#cart-form');
  const paid = form && liveOrder();
  if (paid?.paid) location.replace(orderUrl(paid.order.transactionReference));
  else if (form) {
    const qtys = form.querySelectorAll('input[type=number]');
    const pay = form.querySelector('button.pay');
    let busy = false;
    const update = () => {
      let total = 0;
      qtys.forEach((q) => {
        total += Math.max(0, Math.min(20, parseInt(q.value, 10) || 0)) * Number(q.dataset.price);
      });
      $('#total').textContent = naira(total);
      pay.disabled = total === 0;
      pay.textContent = total ? 'Pay ' + naira(total) : 'Add something to pay';
    };
    form.addEventListener('input', update);
    update();
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (busy || !needTender()) return;
      const items = [];
      qtys.forEach((q) => {
        const n = parseInt(q.value, 10) || 0;
        if (n > 0) items.push({ id: q.name, quantity: n });
      });
      // aria-disabled, not disabled: a disabled button drops focus, and the modal gives focus back to it on close.
      busy = true;
      pay.setAttribute('aria-disabled', 'true');
      say('Creating your order…', true);
      const done = () => {
        busy = false;
        pay.removeAttribute('aria-disabled');
      };
      orderFor({ items: items, email: form.elements.email.value })
        .then(({ order, reopened }) => {
          say('');
          log(reopened ? 'order reopened' : 'order created', { transactionReference: order.transactionReference, amount: order.amount });
          window.Tender.open(
            Object.assign(
              { transactionReference: order.transactionReference, paymentRedirectUrl: order.paymentRedirectUrl },
              callbacks(order.transactionReference, (status, said) => {
                // Paid or still being confirmed: the order page shows what the server verifies.
                if (status === 'successful' || status === 'pending') location.assign(orderUrl(order.transactionReference));
                else {
                  done();
                  say(status ? 'The payment did not go through (' + status + '). You can try again.' : said);
                }
              }),
            ),
          );
        })
        .catch((err) => {
          done();
          say(err.message);
        });
    });
  }

  // Inline page: an order of one coffee, mounted in the page; kept as the shop page keeps its cart's, so a reload
  // (or the way back from a wallet) mounts the same order again, never a second one.
  const start = $('#mount-start');
  if (start) {
    start.addEventListener('click', () => {
      if (!needTender()) return;
      start.disabled = true;
      say('Creating your order…', true);
      orderFor({ items: [{ id: 'coffee', quantity: 1 }] })
        .then(({ order }) => {
          say('');
          start.hidden = true;
          const cbs = callbacks(order.transactionReference, () => {});
          const done = (r) => {
            log('outcome', r);
            setTimeout(() => {
              location.assign(orderUrl(order.transactionReference));
            }, 1500);
          };
          const onSuccess = cbs.onSuccess;
          cbs.onSuccess = (r) => {
            onSuccess(r);
            done(r);
          };
          window.Tender.mount(
            '#inline-checkout',
            Object.assign({ transactionReference: order.transactionReference, paymentRedirectUrl: order.paymentRedirectUrl }, cbs),
          );
        })
        .catch((err) => {
          start.disabled = false;
          say(err.message);
        });
    });
  }

  // Declarative page: outcomes arrive as DOM events on the button.
  const button = $('[data-tender-reference]');
  if (button) {
    ['success', 'pending', 'failure', 'close', 'error'].forEach((name) => {
      button.addEventListener('tender:' + name, (e) => {
        log('tender:' + name, e.detail);
        if (name === 'close' && e.detail.status) location.assign(orderUrl(e.detail.reference));
      });
    });
  }

  // Order page: back from a wallet or 3-D Secure page, or "Continue payment": Tender resumes with the same reference.
  const reference = document.body.dataset.reference;
  if (reference) {
    const resume = () => {
      if (!needTender()) return;
      window.Tender.open(
        Object.assign(
          // The hosted page on offer again: a payer back from a cancelled wallet may prefer it.
          { transactionReference: reference, paymentRedirectUrl: document.body.dataset.paymentRedirectUrl },
          callbacks(reference, () => {
            location.replace(orderUrl(reference));
          }),
        ),
      );
    };
    const again = $('#resume');
    if (again) again.addEventListener('click', resume);
    // Over (no button to pay: paid, refunded, cancelled): the shop page's next Pay is a new order.
    else forgetOrder(reference);
    // Ask the shop's server (which hears Tender's webhooks) what it heard: every 2 s until the order is paid, then
    // every 10 s (a payment may be reversed after it was taken); for 30 minutes at most, so a forgotten tab stops by
    // itself. A failed order is watched too: the payer may pay another way.
    if ('watch' in document.body.dataset) {
      let shown = document.body.dataset.watch;
      const until = Date.now() + 30 * 60_000;
      const watch = () => {
        if (Date.now() > until) return;
        fetch(orderUrl(reference).replace('/orders/', '/api/orders/') + '/outcome', { headers: { accept: 'application/json' } })
          .then((res) => (res.ok ? res.json() : undefined))
          .catch(() => undefined)
          .then((o) => {
            // "pending" is also what the server says before any webhook: never over what the page already shows.
            if (o && o.status !== 'pending' && o.status !== shown) {
              shown = o.status;
              const badge = $('#order-status');
              badge.className = 'badge badge-' + o.status;
              badge.textContent = o.label;
              $('#order-text').textContent = o.text;
              // Paid, taken back or cancelled for good: nothing to pay here, and the shop page's next Pay is a new order.
              if (o.over) {
                forgetOrder(reference);
                if (again) again.remove();
              } else if (again) again.textContent = 'Try again';
              log('outcome from the webhook', { status: o.status });
            }
            setTimeout(watch, shown === 'successful' ? 10_000 : 2000);
          });
      };
      setTimeout(watch, 2000);
    }
    if ('resume' in document.body.dataset) {
      // Back from a payment once: a reload of this page is the order, not a second return (its callbacks again).
      history.replaceState(history.state, '', location.pathname);
      if (window.Tender) resume();
      else window.addEventListener('load', resume);
    }
  }
})();
