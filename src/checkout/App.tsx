import type { ComponentType } from 'preact';
import type { ChannelProps } from '../channels/kit/context';
import { type AnyChannel, type ChannelId, channelById, channelLabel } from '../channels/registry';
import { formatAmount } from '../i18n/amount';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { preload, useLazy } from '../ui/useLazy';
import { laterCss } from './laterCss';
import type { CheckoutModel } from './model';
import { pageText as text } from './text';

/** Props of App. */
export interface AppProps {
  readonly model: CheckoutModel;
  /** Embedded by a trusted loader: offer "Close"/"Done", which tell the parent. */
  readonly embedded: boolean;
  /**
   * Framed as the loader's modal, whose chrome has the Close the payer sees (the header's keeps its place under it).
   * An inline checkout has none: it is part of the storefront's page, and closing it would leave a hole there.
   */
  readonly modal?: boolean;
}

type Loader = () => Promise<ComponentType<never>>;
const loaders = new WeakMap<CheckoutModel, Map<string, Loader>>();

/**
 * The loader of a part shown after the first screen (another channel, the outcome screens): its module, the later
 * stylesheet and the page's whole catalog together, once per page.
 */
function later<P>(model: CheckoutModel, key: string, load: (() => Promise<ComponentType<P>>) | undefined): (() => Promise<ComponentType<P>>) | undefined {
  let mine = loaders.get(model);
  if (!mine) loaders.set(model, (mine = new Map()));
  let l = mine.get(key);
  if (!l && load) mine.set(key, (l = () => Promise.all([load(), laterCss(), model.text()]).then(([C]) => C as ComponentType<never>)));
  return l as (() => Promise<ComponentType<P>>) | undefined;
}

const screens = () => import('./Screens').then((m) => m.default);
const loaderOf = (model: CheckoutModel, c: AnyChannel) => later<ChannelProps<unknown>>(model, c.id, c.load);

/** Loads what the payer may need next (other channels, outcome screens) once the form is up. */
export function preloadRest(model: CheckoutModel): void {
  void preload(later(model, '', screens)!);
  for (const id of model.channels.peek()) {
    const load = loaderOf(model, channelById(id)!);
    if (load) void preload(load);
  }
}

/** A lazily loaded part: a spinner while it loads, and a retry if it could not. */
function Lazy<P extends object>({ load, props }: { load: (() => Promise<ComponentType<P>>) | undefined; props: P }) {
  const [C, failed, retry] = useLazy(load);
  if (C) return <C {...props} />;
  // Offline, the part loads by itself once the connection is back (useLazy): a payment that may be under way (a card
  // charge whose answer came as the connection went, before its screens had loaded) is not a "could not be loaded",
  // with a Try again that cannot work. (A load fails only in a browser: the server's render never reads navigator.)
  if (failed && !navigator.onLine)
    return (
      <p class="tender-status" role="status">
        <Spinner /> {text.t('loadOffline')}
      </p>
    );
  return failed ? (
    <div class="tender-form">
      <p role="alert">{text.t('loadFailed')}</p>
      <button type="button" class="tender-btn" onClick={retry}>
        {text.t('retry')}
      </button>
    </div>
  ) : (
    <p class="tender-status" role="status">
      <Spinner /> {text.t('loading')}
    </p>
  );
}

// Loaded when first asked for: the payer left a PIN or code step (its strings and styles come with the step's).
const leaveDialog = () => Promise.all([import('../channels/kit/LeaveStep'), laterCss()]).then(([m]) => m.LeaveStepDialog);

/** Asks before another tab or closing abandons the step the bank waits on, or closing leaves a payment in progress. */
function LeaveStep({ model }: { model: CheckoutModel }) {
  const leave = model.leaving.value;
  const [Dialog] = useLazy(leave ? leaveDialog : undefined);
  return leave && Dialog ? <Dialog closing={leave.busy && leave.to} onLeave={() => model.answerLeave(true)} onStay={() => model.answerLeave(false)} /> : null;
}

const languageSwitch = () => Promise.all([import('./LanguageSwitch'), laterCss()]).then(([m]) => m.default);

/** The language switcher once it has loaded (the server's first screen comes without it, in the payer's language). */
function Footer() {
  const [Switch] = useLazy(languageSwitch);
  return Switch ? <Switch /> : null;
}

/**
 * An amount with a line break allowed after each group separator: in large text a long one wraps as "₦1,234," and
 * "567.50", where a break anywhere read as two numbers ("₦1,234,5" and "67.50"). Hidden from assistive technology,
 * which read each break as a space: the dialog's description was "₦6, 500", six and five hundred.
 */
const groupsOf = (amount: string) =>
  amount.split(',').map((part, i) =>
    i
      ? [
          ',',
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <wbr> is never focusable; hidden, it is no space in the name.
          <wbr aria-hidden="true" />,
          part,
        ]
      : part,
  );

/** The hosted checkout: header with merchant and amount, then the channels or another screen. */
export function App(props: AppProps) {
  const { model, embedded, modal } = props;
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const ch = channelById(model.channel.value)!;
  // A link without a usable reference has no amount to wait for, and a start-up that failed is not loading one.
  const noPayment = s.kind === 'error' && (!s.retry || !amount);
  return (
    <main class="tender">
      <header class="tender-header">
        <div>
          <h1 id="tender-to" class="tender-merchant">
            {txn?.merchantName ? text.t('payTo', { merchant: txn.merchantName }) : text.t('title')}
          </h1>
          {!noPayment && (
            <p id="tender-sum" class="tender-amount" aria-live="polite">
              {amount ? groupsOf(amount) : <span class="tender-skeleton">{text.t('amountLoading')}</span>}
            </p>
          )}
        </div>
        {embedded && modal && (
          <button type="button" class="tender-close" aria-label={text.t('close')} onClick={() => model.close()}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </header>
      {s.kind === 'pay' ? (
        <Tabs
          label={text.t('choose')}
          items={model.channels.value.map((id) => ({ id, label: channelLabel(channelById(id)!) }))}
          selected={ch.id}
          onSelect={(id) => model.select(id as ChannelId)}
        >
          {ch.view ? (
            <ch.view key={ch.id} ctx={model.contextFor(ch.id)} />
          ) : (
            <Lazy key={ch.id} load={loaderOf(model, ch)} props={{ ctx: model.contextFor(ch.id) }} />
          )}
        </Tabs>
      ) : (
        <Lazy load={later(model, '', screens)} props={props} />
      )}
      <LeaveStep model={model} />
      <footer class="tender-footer">
        <p>{text.t('secured')}</p>
        <Footer />
      </footer>
    </main>
  );
}
