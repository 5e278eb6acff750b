import { TEST_CARDS, TEST_OTP, TEST_PIN } from '../sandbox/server';
import { CATALOGUE, formatNaira, MAX_QUANTITY, type OrderLine } from './catalogue';

/** Escapes text for HTML content and attribute values. */
function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What every page needs to know. */
export interface PageContext {
  /** Origin of the Tender server, e.g. http://127.0.0.1:8081. */
  readonly tenderUrl: string;
}

type Nav = 'shop' | 'inline' | 'button' | 'order';

function layout(ctx: PageContext, nav: Nav, title: string, main: string, bodyAttrs = ''): string {
  const t = esc(ctx.tenderUrl);
  const link = (id: Nav, href: string, text: string) => `<a href="${href}"${id === nav ? ' aria-current="page"' : ''}>${text}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Kòfí &amp; Co.</title>
<link rel="preconnect" href="${t}">
<link rel="stylesheet" href="/static/shop.css">
<script src="${t}/tender.js" defer></script>
<script src="/static/shop.js" defer></script>
</head>
<body${bodyAttrs}>
<header class="top">
  <a class="brand" href="/">Kòfí <span>&amp; Co.</span></a>
  <nav aria-label="Demo pages">${link('shop', '/', 'Shop (modal)')}${link('inline', '/inline', 'Inline mount')}${link('button', '/button', 'Declarative button')}</nav>
</header>
<main id="main">
${main}
</main>
<footer class="foot">A demo storefront for <strong>Tender</strong>. Sandbox payments only: no real money moves.</footer>
</body>
</html>`;
}

function testCards(): string {
  const rows = TEST_CARDS.filter((c) => c.behaviour !== 'hang')
    .map((c) => `<tr><td><code>${esc(c.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code></td><td>${esc(c.description)}</td></tr>`)
    .join('');
  return `<section class="card aside" aria-labelledby="cards-h">
  <h2 id="cards-h">Sandbox test details</h2>
  <p>Any future expiry date and any 3-digit CVV. PIN <code>${TEST_PIN}</code>, OTP <code>${TEST_OTP}</code>.</p>
  <table class="cards"><thead><tr><th scope="col">Card number</th><th scope="col">What happens</th></tr></thead><tbody>${rows}</tbody></table>
  <ul class="tips">
    <li><strong>USSD</strong> and <strong>bank transfer</strong>: the sandbox confirms the payment by itself after a few seconds.</li>
    <li><strong>Wallet A / Wallet B</strong>: you are sent to the sandbox wallet page; approve or cancel there and you come back to your order.</li>
  </ul>
</section>`;
}

function embedPanel(ctx: PageContext, snippet: string): string {
  return `<details class="card embed">
  <summary>How to embed this</summary>
  <p>Your server creates the transaction (the amount comes from your catalogue, never from the browser) and gives the page its reference. The page loads Tender from your Tender server and opens it:</p>
  <pre><code>${esc(snippet.replaceAll('TENDER', ctx.tenderUrl))}</code></pre>
  <p>Then verify the outcome on your server before you ship: callbacks tell the page, verify tells you.</p>
</details>`;
}

const MODAL_SNIPPET = `<script src="TENDER/tender.js" defer></script>

// after POST /api/orders returned { transactionReference, paymentRedirectUrl }
Tender.open({
  transactionReference,
  paymentRedirectUrl,
  onSuccess: ({ reference }) => showReceipt(reference),
  onClose: ({ reference, status }) => status && goToOrder(reference),
});`;

/** The product page: cart, quantities and "Pay". */
export function shopPage(ctx: PageContext): string {
  const products = CATALOGUE.map(
    (p) => `<li class="product">
    <div class="swatch swatch-${p.id}" aria-hidden="true"></div>
    <div class="info"><h2 id="p-${p.id}">${esc(p.name)}</h2><p>${esc(p.blurb)}</p><p class="price">${formatNaira(p.price)}</p></div>
    <label class="qty">Quantity <input type="number" name="${p.id}" min="0" max="${MAX_QUANTITY}" value="${p.id === 'coffee' ? 1 : 0}" inputmode="numeric" data-price="${p.price}" aria-describedby="p-${p.id}"></label>
  </li>`,
  ).join('\n');
  return layout(
    ctx,
    'shop',
    'Shop',
    `<div class="grid">
<section class="card" aria-labelledby="shop-h">
  <h1 id="shop-h">Small-batch goods, paid with Tender</h1>
  <form id="cart-form" novalidate>
    <ul class="products">${products}</ul>
    <label class="field">Email for the receipt <input type="email" name="email" value="ada@example.com" autocomplete="email" required></label>
    <div class="total"><span>Total</span> <output id="total" for="cart-form">${formatNaira(CATALOGUE[0]!.price)}</output></div>
    <p class="note">The total is worked out again on our server; the price in this page is for show.</p>
    <button class="pay" type="submit" disabled>Pay</button>
    <p id="form-status" class="status" role="status" aria-live="polite"></p>
  </form>
  <h2 class="log-h">What the page receives</h2>
  <ol id="events" class="events" aria-live="polite"></ol>
</section>
${testCards()}
</div>
${embedPanel(ctx, MODAL_SNIPPET)}`,
  );
}

/** The inline page: the same checkout mounted in the page. */
export function inlinePage(ctx: PageContext): string {
  return layout(
    ctx,
    'inline',
    'Inline checkout',
    `<div class="grid">
<section class="card" aria-labelledby="inline-h">
  <h1 id="inline-h">Inline checkout</h1>
  <p>One bag of coffee, ${formatNaira(CATALOGUE[0]!.price)}. <code>Tender.mount</code> puts the checkout inside this page instead of a modal.</p>
  <button class="pay" type="button" id="mount-start">Check out inline</button>
  <p id="form-status" class="status" role="status" aria-live="polite"></p>
  <div id="inline-checkout" class="inline-checkout"></div>
  <h2 class="log-h">What the page receives</h2>
  <ol id="events" class="events" aria-live="polite"></ol>
</section>
${testCards()}
</div>
${embedPanel(ctx, `<div id="checkout"></div>\n<script src="TENDER/tender.js" defer></script>\n\nconst checkout = Tender.mount('#checkout', { transactionReference, onSuccess, onFailure });\n// later: checkout.unmount();`)}`,
  );
}

/** The declarative page: a button with data-tender-* attributes, its transaction created when the page was served. */
export function buttonPage(ctx: PageContext, reference: string, paymentRedirectUrl: string, amount: number): string {
  return layout(
    ctx,
    'button',
    'Declarative button',
    `<div class="grid">
<section class="card" aria-labelledby="button-h">
  <h1 id="button-h">One button, no code</h1>
  <p>This page's server created a transaction of ${formatNaira(amount)} when it rendered the page. The button below carries its reference; <code>data-tender-preload</code> loads the checkout before the click.</p>
  <button class="pay" type="button" id="declarative-pay" data-tender-reference="${esc(reference)}" data-tender-payment-redirect-url="${esc(paymentRedirectUrl)}" data-tender-preload disabled>Pay ${formatNaira(amount)}</button>
  <p><a href="/orders/${encodeURIComponent(reference)}">See this order</a></p>
  <h2 class="log-h">What the page receives</h2>
  <ol id="events" class="events" aria-live="polite"></ol>
</section>
${testCards()}
</div>
${embedPanel(ctx, `<script src="TENDER/tender.js" defer></script>\n<button data-tender-reference="${reference}" data-tender-preload disabled>Pay</button>\n<script src="/your-script.js" defer></script>\n\n// your-script.js runs after tender.js (defer keeps the order): a tap before it did nothing\nbutton.disabled = false;\n// outcomes arrive as DOM events on the button\nbutton.addEventListener('tender:success', (e) => console.log(e.detail.reference));`)}`,
  );
}

const STATUS_TEXT: Record<string, [string, string]> = {
  successful: ['Paid', 'Thank you! Your payment is confirmed and your order is on its way.'],
  pending: ['Waiting for payment', 'We have not received a confirmed payment yet. If you paid by USSD or transfer, this can take a moment.'],
  failed: ['Payment failed', 'No money was taken. You can try again.'],
  reversed: ['Payment reversed', 'The payment was taken back (refunded), so this order is not paid. To buy again, start a new order.'],
  void: ['Payment cancelled', 'The shop cancelled this payment, so this order is not paid. To buy again, start a new order.'],
  mismatch: ['Payment does not match', 'The payment received is not this order’s amount, so it is not marked paid. Please contact the shop.'],
};

/** Outcomes after which an order's payment is over: paid, or taken back or cancelled for good (the payment API refuses a new attempt). */
export const ORDER_OVER: readonly string[] = ['successful', 'reversed', 'void', 'mismatch'];

/** The badge label and the sentence for a status. */
export function statusText(status: string): [string, string] {
  return STATUS_TEXT[status] ?? [status[0]!.toUpperCase() + status.slice(1), 'This payment did not go through. You can try again.'];
}

/**
 * The order page: the outcome as the server knows it (a webhook, or a verify just now). With `watch`, an order not
 * paid yet (pending, or failed: the payer may pay another way) asks the shop's server every few seconds and changes
 * by itself when a webhook says something new.
 */
export function orderPage(
  ctx: PageContext,
  order: { reference: string; lines: readonly OrderLine[]; amount: number; paymentRedirectUrl?: string },
  status: string,
  resume: boolean,
  watch = false,
): string {
  const [label, text] = statusText(status);
  const lines = order.lines
    .map((l) => `<li><span>${l.quantity} × ${esc(l.product.name)}</span><span>${formatNaira(l.product.price * l.quantity)}</span></li>`)
    .join('');
  const retry = ORDER_OVER.includes(status)
    ? ''
    : `<button class="pay" type="button" id="resume">${status === 'pending' ? 'Continue payment' : 'Try again'}</button>`;
  return layout(
    ctx,
    'order',
    `Order ${order.reference}`,
    `<section class="card order" aria-labelledby="order-h">
  <h1 id="order-h">Order <code>${esc(order.reference)}</code></h1>
  <p class="badge badge-${esc(status)}" id="order-status" role="status">${esc(label)}</p>
  <p id="order-text">${esc(text)}</p>
  <ul class="lines">${lines}<li class="sum"><span>Total</span><span>${formatNaira(order.amount)}</span></li></ul>
  <p class="note" id="order-note">${watch ? "This page updates by itself when the shop's server hears the outcome (a signed webhook from Tender)." : "Status verified by this shop's server with the payment API when the page was loaded."}</p>
  ${retry}
  <h2 class="log-h">What the page receives</h2>
  <ol id="events" class="events" aria-live="polite"></ol>
  <p><a href="/">Back to the shop</a></p>
</section>`,
    ` data-reference="${esc(order.reference)}"${order.paymentRedirectUrl ? ` data-payment-redirect-url="${esc(order.paymentRedirectUrl)}"` : ''}${resume ? ' data-resume' : ''}${watch ? ` data-watch="${esc(status)}"` : ''}`,
  );
}

/** A plain message page (404, upstream errors). */
export function messagePage(ctx: PageContext, title: string, text: string): string {
  return layout(ctx, 'order', title, `<section class="card"><h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="/">Back to the shop</a></p></section>`);
}
