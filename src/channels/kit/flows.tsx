import { type Signal, useSignal } from '../../signals/signals';
import { StillWorking } from '../../ui/StillWorking';
import type { ProxyCall } from './call';
import type { ChannelContext, CompletionResult } from './context';
import { problemOf, type Said } from './errors';
import { kitText } from './text';

// The two flows more than one channel shares: "redirect, then verify on return" (wallets, hosted page, the
// card's 3-D Secure step) and "show instructions, then poll" (USSD, bank transfer).

/** Sends the payer to `url` through the checkout's one checked navigation; what to tell the payer when it refused. */
export function redirectProblem(ctx: Pick<ChannelContext<unknown>, 'redirect'>, url: unknown): Said | undefined {
  const nav = ctx.redirect(url);
  return nav.ok ? undefined : () => kitText.t('errRedirect');
}

/** Props of {@link RedirectPanel}. */
export interface RedirectPanelProps {
  readonly ctx: ChannelContext<unknown>;
  readonly intro: string;
  readonly action: string;
  /** Starts the session (a completion call) and gives the page to send the payer to, or the call's result. */
  start(): Promise<{ readonly url: string } | CompletionResult<unknown>>;
}

/** Redirect, then verify on return: one button, one completion call, one checked navigation. */
export function RedirectPanel({ ctx, intro, action, start }: RedirectPanelProps) {
  const error = useSignal<Said | undefined>(undefined);
  const busy = ctx.busy.value;
  const go = async () => {
    if (ctx.busy.value) return;
    error.value = undefined;
    const r = await start();
    error.value = 'url' in r ? redirectProblem(ctx, r.url) : problemOf(r);
  };
  return (
    <div class="tender-form">
      <p>{intro}</p>
      <p class="tender-form-error" role="alert">
        {error.value?.()}
      </p>
      {busy && <StillWorking />}
      <button type="button" class="tender-btn tender-btn--primary" aria-disabled={busy} onClick={() => void go()}>
        {busy ? kitText.t('processing') : action}
      </button>
    </div>
  );
}

/** What {@link useInstructions} gives a view. */
export interface Instructions<R> {
  /** The instructions shown, after the call answered or after a reload. */
  readonly shown: Signal<R | undefined>;
  /** Why the last request did not give any. */
  readonly error: Signal<Said | undefined>;
  /** Asks the API for instructions (the attempt's completion call) and verifies in the background once shown. */
  request(): Promise<void>;
  /** Drops them (another bank, an expired account): the attempt ends; the checkout still hears of a success from them. */
  drop(): void;
}

/** Show instructions, then poll: the completion call's answer becomes what the payer follows, kept with the attempt. */
export function useInstructions<T, R>(
  ctx: ChannelContext<R>,
  call: (idempotencyKey: string) => ProxyCall<T>,
  instructionsOf: (answer: T) => R,
): Instructions<R> {
  const shown = useSignal<R | undefined>(ctx.resumed);
  const error = useSignal<Said | undefined>(undefined);
  return {
    shown,
    error,
    async request() {
      error.value = undefined;
      const r = await ctx.complete(call, { resend: true });
      if (r.kind !== 'ok') {
        error.value = problemOf(r);
        return;
      }
      const instructions = instructionsOf(r.value);
      shown.value = instructions;
      ctx.watch(instructions);
    },
    drop() {
      shown.value = undefined;
      ctx.abandon();
    },
  };
}
