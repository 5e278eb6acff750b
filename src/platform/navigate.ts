import { checkRedirectUrl, type RedirectPolicy } from './redirectPolicy';

/** Where a navigation went, or why it was refused (the reason is for the payer and the integrator). */
export type NavigateResult = { readonly ok: true; readonly via: 'parent' | 'location' } | { readonly ok: false; readonly reason: string };

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
 */
export function navigate(raw: unknown, env: NavigateEnv): NavigateResult {
  const check = checkRedirectUrl(raw, env.policy);
  if (!check.ok) return { ok: false, reason: check.reason };
  if (env.inFrame && env.askParent(check.url)) return { ok: true, via: 'parent' };
  env.assign(check.url);
  return { ok: true, via: 'location' };
}
