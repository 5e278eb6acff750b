// A React storefront using the binding (the README's "React" section), in StrictMode: an inline checkout and a
// Pay button that opens the modal one. Built by the consumer test with esbuild for Chromium, and rendered on the server.
import { createElement as h, StrictMode, useState } from 'react';
import { TenderCheckout, useTenderCheckout } from 'tender-checkout/react';

export function Shop({ reference, tenderUrl, log }) {
  const [inline, setInline] = useState(true);
  const checkout = useTenderCheckout({ transactionReference: reference, tenderUrl, onClose: () => log('modal-close') });
  return h(
    'main',
    null,
    h('button', { type: 'button', id: 'pay', onClick: checkout.open }, 'Pay'),
    h('button', { type: 'button', id: 'hide', onClick: () => setInline(false) }, 'Hide'),
    inline &&
      h(TenderCheckout, {
        className: 'checkout',
        transactionReference: reference,
        tenderUrl,
        onEvent: (e) => log(`inline-${e.type}`),
        onClose: () => log('inline-close'),
      }),
  );
}

export const App = (props) => h(StrictMode, null, h(Shop, props));
