import { whenOnline } from './online';
import { checkRedirectUrl, type RedirectPolicy } from './redirectPolicy';

/**
 * Where a navigation went (`online`: it waits for the connection to come back), or why it was refused (the reason
 * is for the payer and the integrator).
 */
export type NavigateResult = { readonly ok: true; readonly via: 'parent' | 'location' | 'online' } | { readonly ok: false; readonly reason: string };

/** What navigate needs from the page, replaceable in tests. */
export interface NavigateEnv {
  readonly policy: RedirectPolicy;
  /** True when the page runs inside a frame (then the loader moves the top window). */
  readonly inFrame: boolean;
  /** Asks the parent to navigate; false when no trusted parent can be addressed. */
  askParent(url: string): boolean;
  /** Top-level navigation of this window. */
  assign(url: string): void;
}

/**
 * The only way the page sends the payer elsewhere: the URL must pass `checkRedirectUrl`; from a frame the
 * parent (the loader) moves the top window, because wallet cashiers and 3-D Secure pages refuse to be framed.
 * Offline, it leaves once the connection is back: leaving now would end on the browser's error page, and the
 * step the payer reached (a 3-D Secure page after a PIN and a code, a wallet's session) would be lost.
 */
export function navigate(raw: unknown, env: NavigateEnv): NavigateResult {
  const check = checkRedirectUrl(raw, env.policy);
  if (!check.ok) return { ok: false, reason: check.reason };
  const url = check.url;
  let via: 'parent' | 'location' | 'online' = 'online';
  whenOnline(() => {
    if (env.inFrame && env.askParent(url)) via = 'parent';
    else {
      env.assign(url);
      via = 'location';
    }
  });
  return { ok: true, via };
}
