import type { RedirectPolicy } from '../src/platform/redirectPolicy';
import { createSession } from './session';
import type { TenderMountHandle, TenderOptions } from './types';

const mounted = new WeakMap<Element, TenderMountHandle>();

/** Puts the hosted page inline in `target`; mounting again into the same element replaces the first one. */
export function mountInto(target: Element, o: TenderOptions, src: string, origin: string, policy: RedirectPolicy): TenderMountHandle {
  mounted.get(target)?.unmount();
  // A failed load reaches onError; the merchant's page decides how to show it inline.
  const s = createSession(o, src, origin, policy, (m) => {
    if (m?.type == 'ready') s.shown();
    if (m?.type == 'resize') f.style.height = m.height + 'px';
  });
  const f = s.frame;
  f.style.cssText = 'display:block;width:100%;height:560px;border:0';
  target.appendChild(f);
  const h: TenderMountHandle = {
    unmount() {
      if (mounted.get(target) != h) return;
      mounted.delete(target);
      f.remove();
      s.end();
    },
  };
  mounted.set(target, h);
  return h;
}
