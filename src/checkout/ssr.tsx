import { renderToString } from 'preact-render-to-string';
import { resolveChannels } from '../channels/registry';
import { trustedParentOrigin } from '../platform/bridge';
import type { PageConfig } from '../platform/pageConfig';
import type { Engine } from './engine';
import { createCheckoutModel, type InitialTxn } from './model';
import { pageView } from './pageView';

const NO_STORE = { get: () => undefined, set: () => {}, remove: () => {} };
// The server only draws: nothing it renders may call the network, store or navigate.
const INERT_ENGINE = { start() {} } as unknown as Engine;

/**
 * The hosted page's first screen as HTML, for the server to send inside `#app` so the form paints with the
 * document, before any script: the same tree as src/checkout/main.tsx renders from the same URL, configuration and
 * verified transaction. For a payable (pending) transaction, or one not verified yet (the form, its amount still
 * loading); a settled one, or a failed verify, is left to the page's script (an outcome or an error, never a form).
 */
export function renderFirstScreen(
  params: URLSearchParams,
  config: PageConfig,
  txn: (Omit<InitialTxn, 'status'> & { readonly status: string }) | undefined,
  verified: boolean,
): string | undefined {
  if (verified && txn?.status !== 'pending') return undefined;
  const paymentRedirectUrl = params.get('paymentRedirectUrl') || undefined;
  const model = createCheckoutModel({
    reference: params.get('transactionReference'),
    channels: resolveChannels(params.get('channels'), { paymentRedirectUrl }),
    store: NO_STORE,
    paymentRedirectUrl,
    createEngine: () => INERT_ENGINE,
  });
  model.start(txn as InitialTxn | undefined);
  // The loader frames the page with its storefront's origin; the page embeds itself only for an allowed one.
  const embedded = trustedParentOrigin(params.get('parentOrigin'), config.allowedOrigins) !== undefined;
  return renderToString(pageView(model, config, embedded, params.get('embed') === 'modal'));
}
