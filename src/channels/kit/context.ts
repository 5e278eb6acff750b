import type { ReadonlySignal } from '../../signals/signals';
import type { ComponentType } from 'preact';
import type { NavigateResult } from '../../platform/navigate';
import type { ProxyCall, ProxyError, Result } from './call';
import type { Checks } from './WaitNote';

/** What the page knows about the transaction from verify (and the page's own parameters). */
export interface TxnInfo {
  readonly amount?: number;
  readonly currency?: string;
  readonly merchantName?: string;
  /** The channel verify says the payment went through, in the API's words. */
  readonly channel?: string;
  /** When the payment went through, as the API wrote it. */
  readonly paidAt?: string;
  /** The initiate result's hosted payment page, from the page's parameters or from verify. */
  readonly paymentRedirectUrl?: string;
}

/** The outcome of a completion call, as a channel sees it. */
export type CompletionResult<T> =
  | { readonly kind: 'ok'; readonly value: T }
  /** The API answered no, with its reason (render as text). */
  | { readonly kind: 'declined'; readonly message: string; readonly responseCode?: string }
  /** The call may have reached the API: the checkout is verifying; the channel must not send anything else. */
  | { readonly kind: 'unknown' }
  /** Refused before the API (rate limit, bad request, configuration): nothing was charged. */
  | { readonly kind: 'refused'; readonly error: ProxyError }
  /** Another completion call is in flight, or this attempt's outcome is being verified. */
  | { readonly kind: 'busy' };

/**
 * Everything a channel may use: the payment's reference and state, and the steps of an attempt. The checkout
 * binds it to the channel, so nothing here names one. `R` is what the channel shows the payer while the payment
 * completes elsewhere (a USSD code, a transfer account), kept with the attempt so a reload can show it again.
 */
export interface ChannelContext<R = never> {
  readonly reference: string;
  /** A completion call is in flight. */
  readonly busy: ReadonlySignal<boolean>;
  readonly txn: ReadonlySignal<TxnInfo | undefined>;
  /** How the checks of the attempt under way are going, for the waiting note (WaitNote.tsx). */
  readonly checks: ReadonlySignal<Checks>;
  /** What this channel showed before the page was reloaded, as its resume rule checked it; undefined otherwise. */
  readonly resumed: R | undefined;
  /**
   * Sends one completion call of the attempt, with its idempotency key; never two at once. `resend`: the call asks for
   * what the payer follows (a USSD code, a transfer account, a wallet's cashier page) and moves no money itself, so an
   * answer lost on the way is asked for again, with the same key, a few times over some seconds (the Tender server
   * gives a repeated key its first answer back), before the outcome counts as unknown. Verify cannot give the payer the
   * code again; a card charge is never sent twice this way.
   */
  complete<T>(make: (idempotencyKey: string) => ProxyCall<T>, options?: { readonly resend?: boolean }): Promise<CompletionResult<T>>;
  /** A call that moves no money (a bank list): no attempt, no key. */
  fetch<T>(call: ProxyCall<T>): Promise<Result<T>>;
  /** The API asks the payer for a secret (PIN, one-time code) before the attempt can go on. */
  awaitSecret(): void;
  /** The payer has done their part: show "confirming" and verify until the outcome is known. */
  confirm(): void;
  /** Verifies in the background while the channel shows `instructions` (kept with the attempt, never card data). */
  watch(instructions: R): void;
  /** Sends the payer to finish elsewhere (wallet, 3-D Secure, hosted page); the checkout verifies on return. */
  redirect(url: unknown): NavigateResult;
  /** The attempt failed with the API's reason: the failure outcome. */
  fail(reason?: string): void;
  /** Ends the attempt without an outcome (another bank, another card); nothing is pending at the API. */
  abandon(): void;
}

/** Props of a channel's view. */
export interface ChannelProps<R = never> {
  readonly ctx: ChannelContext<R>;
}

/** A channel's view. */
export type ChannelView<R = never> = ComponentType<ChannelProps<R>>;
