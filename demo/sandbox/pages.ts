import { money } from './http';
import type { Transaction } from './state';
import { groupDigits, TEST_CARDS } from './testCards';

/** Escapes text for HTML content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A button of a page's form; `value` is posted as `action`. */
export interface PageAction {
  label: string;
  value: string;
  secondary?: boolean;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<main>
<p class="badge">Sandbox: no real money moves</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function summary(tx: Transaction): string {
  return `<dl>
<dt>Merchant</dt><dd>${escapeHtml(tx.merchantName)}</dd>
<dt>Amount</dt><dd>${escapeHtml(money(tx.amount, tx.currency))}</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.reference)}</dd>
</dl>`;
}

/** A page where the payer decides: a summary, a line of explanation and one POST form with the actions. */
export function decisionPage(title: string, tx: Transaction, intro: string, formAction: string, actions: readonly PageAction[]): string {
  const buttons = actions
    .map((a) => `<button type="submit" name="action" value="${escapeHtml(a.value)}"${a.secondary ? ' class="secondary"' : ''}>${escapeHtml(a.label)}</button>`)
    .join('\n');
  return layout(
    title,
    `${summary(tx)}
<p>${escapeHtml(intro)}</p>
<form method="post" action="${escapeHtml(formAction)}">
${buttons}
</form>`,
  );
}

/** The page for a transaction that can no longer be decided here: its status and the way back. */
export function settledPage(title: string, tx: Transaction, returnUrl: string): string {
  return layout(
    title,
    `${summary(tx)}
<p role="status">This payment is ${escapeHtml(tx.status)}: ${escapeHtml(tx.message)}.</p>
<p><a href="${escapeHtml(returnUrl)}">Return to ${escapeHtml(tx.merchantName)}</a></p>`,
  );
}

/** The sandbox's own receipt page: where the payer lands when the merchant gave no return URL. */
export function receiptPage(tx: Transaction): string {
  return layout(
    'Payment receipt',
    `${summary(tx)}
<p role="status">Status: <strong>${escapeHtml(tx.status)}</strong> (${escapeHtml(tx.message)})</p>`,
  );
}

/** A page that says what went wrong, for page routes. */
export function errorPage(title: string, message: string): string {
  return layout(title, `<p role="alert">${escapeHtml(message)}</p>`);
}

/** The sandbox index: the test cards and the control routes. */
export function indexPage(merchantName: string): string {
  const rows = TEST_CARDS.map(
    (card) => `<tr><td><code>${groupDigits(card.number)}</code></td><td>${escapeHtml(card.brand)}</td><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('\n');
  return layout(
    'Sandbox payment API',
    `<p>A stand-in for the payment API, with in-memory state, for ${escapeHtml(merchantName)}. Every <code>/api/</code> route needs <code>Authorization: Bearer &lt;API key&gt;</code>.</p>
<h2>Test cards</h2>
<p>Any future expiry date and any three-digit CVV. Every other valid card number is approved without authentication.</p>
<table>
<thead><tr><th scope="col">Number</th><th scope="col">Brand</th><th scope="col">Behaviour</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Control routes</h2>
<ul>
<li><code>POST /sandbox/transactions/REF/complete</code> with JSON <code>{"status":"successful"}</code> (or failed, cancelled, abandoned, reversed, void): the payer's USSD, transfer or wallet payment finishes.</li>
<li><code>POST /sandbox/transactions/REF/expire</code>: the one-off transfer account expires.</li>
<li><code>GET /sandbox/stats/REF</code>: completion requests seen per operation, and their Idempotency-Key values.</li>
</ul>`,
  );
}

/** The pages' only style sheet (served from the sandbox, so the pages need no inline style or script). */
export const SANDBOX_CSS = `:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:1rem;overflow-wrap:anywhere}
main{max-width:36rem;margin:0 auto}
.badge{display:inline-block;padding:.125rem .5rem;border-radius:.25rem;background:#fde68a;color:#1f2937;font-size:.875rem}
dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}
form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:inherit}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #9ca3af}
`;
