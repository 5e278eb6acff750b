// A React storefront using the binding (the README's "React" section), in StrictMode: an inline checkout and a
// Pay button that opens the modal one, and (once shown) a second Pay button of its own, for another order. Built by
// the consumer test with esbuild for Chromium, and rendered on the server.
import { createElement as h, StrictMode, useState } from 'react';
import { TenderCheckout, useTenderCheckout } from 'tender-checkout/react';

// Another order's button: its hook reports what happens to it, and the test drives it through window.other.
function Other({ reference, tenderUrl, log }) {
  const checkout = useTenderCheckout({
    transactionReference: `${reference}-2`,
    tenderUrl,
    onError: (e) => log(`other-error-${e.code}`),
    onClose: () => log('other-close'),
  });
  if (typeof window !== 'undefined') window.other = checkout;
  return h('button', { type: 'button', id: 'pay2', onClick: checkout.open }, 'Pay the other order');
}

export function Shop({ reference, tenderUrl, log }) {
  const [inline, setInline] = useState(true);
  const [other, setOther] = useState(false);
  if (typeof window !== 'undefined') window.showOther = setOther;
  const checkout = useTenderCheckout({ transactionReference: reference, tenderUrl, onClose: () => log('modal-close') });
  return h(
    'main',
    null,
    h('button', { type: 'button', id: 'pay', onClick: checkout.open }, 'Pay'),
    h('button', { type: 'button', id: 'hide', onClick: () => setInline(false) }, 'Hide'),
    other && h(Other, { reference, tenderUrl, log }),
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
