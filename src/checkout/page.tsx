import { render, type VNode } from 'preact';
import { App } from './App';
import { ModalChrome } from './chrome/ModalChrome';
import { type CheckoutModel, createCheckoutModel, type ModelDeps } from './model';
import type { PageParams } from './pageParams';

/**
 * The page's whole tree, the one the browser renders and the server renders first (so the browser's first render
 * finds its own markup): the checkout, inside the modal chrome when the loader framed it full-viewport.
 */
const pageView = (model: CheckoutModel, embedded: boolean, modal: boolean): VNode => {
  const app = <App model={model} embedded={embedded} modal={modal} />;
  return modal && embedded ? <ModalChrome model={model}>{app}</ModalChrome> : app;
};

/**
 * The page for its parameters: its model and its tree. The browser's page (main.tsx), the server's first screen
 * (ssr.tsx) and the tests that hold those two equal all build it here, so they cannot drift.
 */
export function createPage(
  params: PageParams,
  embedded: boolean,
  deps: Omit<ModelDeps, 'reference' | 'channels' | 'paymentRedirectUrl' | 'messages' | 'theme'>,
) {
  const model = createCheckoutModel({
    reference: params.reference,
    channels: params.channels,
    paymentRedirectUrl: params.paymentRedirectUrl,
    messages: params.messages,
    theme: params.theme,
    ...deps,
  });
  return { model, view: (): VNode => pageView(model, embedded, params.modal) };
}

/**
 * Renders the page's tree over what the server drew in `root`, keeping its elements. A server tree with another
 * top element (a modal link opened outside any frame) is left beside the new one by Preact: it goes.
 */
export function renderPage(view: VNode, root: HTMLElement): void {
  render(view, root);
  while (root.childNodes[1]) root.lastChild!.remove();
}
