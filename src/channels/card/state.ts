// No runtime import of preact here: the lazy flow imports this module, and a shared module that imports preact
// makes Rolldown split preact out of the first bundle into a chunk of its own.
import type { Signal } from '@preact/signals';
import type { CardDetails } from './calls';

/** Where the card flow is. */
export type Step = 'details' | 'pin' | 'otp';

/** The card form's state, shared by the form (first bundle) and the flow (loaded on first focus). */
export interface CardState {
  readonly step: Signal<Step>;
  readonly number: Signal<string>;
  readonly expiry: Signal<string>;
  readonly cvv: Signal<string>;
  /** PIN or OTP, whichever step is shown. */
  readonly secret: Signal<string>;
  readonly touched: Signal<Record<string, boolean>>;
  readonly submitted: Signal<boolean>;
  readonly stepError: Signal<string | undefined>;
  readonly formError: Signal<string | undefined>;
  readonly stepMessage: Signal<string | undefined>;
  /** Held in memory for the PIN step's resend; dropped with everything else when the attempt ends. */
  details: CardDetails | undefined;
  otpReference: string;
  tries: number;
  readonly refs: { readonly [K in 'number' | 'expiry' | 'cvv' | 'secret']: { current: HTMLInputElement | null } };
}

/** Drops everything the payer typed and everything the attempt held. */
export function clearCard(s: CardState): void {
  s.details = undefined;
  s.number.value = s.expiry.value = s.cvv.value = s.secret.value = '';
  s.touched.value = {};
  s.submitted.value = false;
  s.tries = 0;
  s.stepError.value = s.stepMessage.value = undefined;
  s.step.value = 'details';
}
