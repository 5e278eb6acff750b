import { render, type VNode } from 'preact';
import type { PageConfig } from '../platform/pageConfig';
import { App } from './App';
import { ModalChrome } from './chrome/ModalChrome';
import type { CheckoutModel } from './model';

/**
 * The page's whole tree, the one the browser renders and the server renders first (so the browser's first render
 * finds its own markup): the checkout, inside the modal chrome when the loader framed it full-viewport.
 */
export const pageView = (model: CheckoutModel, config: PageConfig, embedded: boolean, modal: boolean) => {
  const app = <App model={model} config={config} embedded={embedded} />;
  return modal && embedded ? <ModalChrome model={model}>{app}</ModalChrome> : app;
};

/**
 * Renders the page's tree over what the server drew in `root`, keeping its elements. A server tree with another
 * top element (a modal link opened outside any frame) is left beside the new one by Preact: it goes.
 */
export function renderPage(view: VNode, root: HTMLElement): void {
  render(view, root);
  while (root.childNodes[1]) root.lastChild!.remove();
}
