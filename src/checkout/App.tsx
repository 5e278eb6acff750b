import type { ComponentType } from 'preact';
import type { ChannelView } from '../channels/kit/context';
import { type AnyChannel, type ChannelId, channelById, channelLabel } from '../channels/registry';
import { formatAmount } from '../i18n/amount';
import { activeLocale, loadLocale } from '../i18n/text';
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
}

/** A part that loads after the first screen comes with its stylesheet and the page's strings. */
const later =
  <P,>(load: () => Promise<ComponentType<P>>) =>
  () =>
    Promise.all([load(), laterCss(), loadLocale(activeLocale.peek())]).then(([C]) => C);

/** Outcomes, waiting and errors: not needed for the first paint of the form. */
export const loadScreens = later(() => import('./Screens').then((m) => m.default));

const channelLoaders = new Map<ChannelId, () => Promise<ChannelView<unknown>>>();
const loaderOf = (c: AnyChannel) => {
  let load = channelLoaders.get(c.id);
  if (!load && c.load) channelLoaders.set(c.id, (load = later(c.load)));
  return load;
};

/** Loads what the payer may need next (other channels, outcome screens) once the form is up. */
export function preloadRest(ids: readonly ChannelId[]): void {
  void preload(loadScreens);
  for (const id of ids) {
    const load = loaderOf(channelById(id)!);
    if (load) void preload(load);
  }
}

/** A lazily loaded part: a spinner while it loads, and a retry if it could not. */
function Lazy<P extends object>({ load, props }: { load: (() => Promise<ComponentType<P>>) | undefined; props: P }) {
  const [C, failed, retry] = useLazy(load);
  if (C) return <C {...props} />;
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

/** The hosted checkout: header with merchant and amount, then the channels or another screen. */
export function App(props: AppProps) {
  const { model, embedded } = props;
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const ch = channelById(model.channel.value)!;
  // A link without a usable reference has no amount to wait for.
  const noPayment = s.kind === 'error' && !s.retry;
  return (
    <main class="tender">
      <header class="tender-header">
        <div>
          <h1 class="tender-merchant">{txn?.merchantName ? text.t('payTo', { merchant: txn.merchantName }) : text.t('title')}</h1>
          {!noPayment && (
            <p class="tender-amount" aria-live="polite">
              {amount ?? <span class="tender-skeleton">{text.t('amountLoading')}</span>}
            </p>
          )}
        </div>
        {embedded && (
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
          {ch.view ? <ch.view key={ch.id} ctx={model.contextFor(ch.id)} /> : <Lazy key={ch.id} load={loaderOf(ch)} props={{ ctx: model.contextFor(ch.id) }} />}
        </Tabs>
      ) : (
        <Lazy load={loadScreens} props={props} />
      )}
      <p class="tender-footer">{text.t('secured')}</p>
    </main>
  );
}
