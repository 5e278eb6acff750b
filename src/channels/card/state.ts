import { type Signal, signal } from '../../signals/signals';
import type { Said } from '../kit/errors';
import type { CardDetails } from './calls';
import { digitsOf, formatCardNumber, formatExpiry } from './format';

/** Where the card flow is. */
type Step = 'details' | 'pin' | 'otp';

/** A field of the card form. */
export type CardField = 'number' | 'expiry' | 'cvv';

/** The card form's state for one checkout, shared by the form (first bundle) and the flow (loaded on first focus). */
export interface CardState {
  readonly step: Signal<Step>;
  readonly number: Signal<string>;
  readonly expiry: Signal<string>;
  readonly cvv: Signal<string>;
  /** PIN or OTP, whichever step is shown. */
  readonly secret: Signal<string>;
  readonly touched: Signal<Readonly<Record<string, boolean>>>;
  readonly submitted: Signal<boolean>;
  readonly stepError: Signal<Said | undefined>;
  readonly formError: Signal<Said | undefined>;
  /** The bank's own words at a one-time code step (English; which phone the code went to, a sandbox's code). */
  readonly stepMessage: Signal<string | undefined>;
  /** Wrong PINs or codes since the step was shown (the API reports no count: see OTP_TRIES). */
  readonly tries: Signal<number>;
  /** When the bank last sent a one-time code (epoch ms): a new one may be asked for a while after. */
  readonly codeSentAt: Signal<number | undefined>;
  /** The code shown is a new one the payer asked for. */
  readonly resent: Signal<boolean>;
  /**
   * Held in memory while the bank asks for a PIN or code: the PIN step sends them again, and so does asking for a
   * new code (with the PIN, for a card that asked for both). Dropped with the CVV when the attempt ends.
   */
  details: CardDetails | undefined;
  pin: string | undefined;
  otpReference: string;
  readonly refs: { readonly [K in CardField | 'secret']: { current: HTMLInputElement | null } };
}

/** The CVV as typed: digits only, four at most. */
export const formatCvv = (v: string): string => digitsOf(v).slice(0, 4);

// Values already in the server-drawn inputs when the script takes over: what the payer (or autofill) typed before
// it arrived. Read only while they are there (the server has no document, a later mount finds none).
const typed = (f: CardField) => (globalThis.document?.getElementById(`tender-card-${f}`) as HTMLInputElement | null)?.value ?? '';

const states = new WeakMap<object, CardState>();

/**
 * The card form's state of a checkout (one per channel context): kept while the payer visits another tab or screen,
 * so a decline, "Try another way" or a look at USSD does not make them type the number again. Starts from what the
 * server-drawn inputs hold.
 */
export function cardStateOf(owner: object): CardState {
  let s = states.get(owner);
  if (!s) {
    const ref = () => ({ current: null });
    s = {
      step: signal<Step>('details'),
      number: signal(formatCardNumber(typed('number'))),
      expiry: signal(formatExpiry(typed('expiry'))),
      cvv: signal(formatCvv(typed('cvv'))),
      secret: signal(''),
      touched: signal({}),
      submitted: signal(false),
      stepError: signal<Said | undefined>(undefined),
      formError: signal<Said | undefined>(undefined),
      stepMessage: signal<string | undefined>(undefined),
      tries: signal(0),
      codeSentAt: signal<number | undefined>(undefined),
      resent: signal(false),
      details: undefined,
      pin: undefined,
      otpReference: '',
      refs: { number: ref(), expiry: ref(), cvv: ref(), secret: ref() },
    };
    states.set(owner, s);
  }
  return s;
}

/**
 * Ends the attempt's hold on what the payer typed: the CVV, PIN, one-time code and the details held for the steps
 * go; the number and expiry stay for the next attempt unless `all`.
 */
export function forgetCard(s: CardState, all = false): void {
  s.details = s.pin = undefined;
  s.cvv.value = s.secret.value = '';
  if (all) s.number.value = s.expiry.value = '';
  s.touched.value = {};
  s.submitted.value = false;
  s.tries.value = 0;
  s.codeSentAt.value = undefined;
  s.resent.value = false;
  s.stepError.value = s.stepMessage.value = undefined;
  s.step.value = 'details';
}
