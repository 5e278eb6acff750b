import { callOf } from '../kit/call';
import type { ChannelProps, ChannelView } from '../kit/context';
import { RedirectPanel } from '../kit/flows';
import { ROUTES } from '../../api/routes';
import type { WalletSpec } from './channel';
import { walletText as text } from './text';

const views = new Map<WalletSpec, ChannelView>();

/** The view of one wallet: start its session, send the payer to its cashier page, verify on return. */
export function walletView(spec: WalletSpec): ChannelView {
  let view = views.get(spec);
  if (!view) {
    view = function WalletView({ ctx }: ChannelProps) {
      const wallet = text.t(spec.name);
      return (
        <RedirectPanel
          ctx={ctx}
          intro={text.t('intro', { wallet })}
          action={text.t('go', { wallet })}
          start={async () => {
            const check = () => import('./schemas').then((m) => m.cashierChecks[spec.name]);
            const r = await ctx.complete((key) => callOf(ROUTES[spec.route], { transactionReference: ctx.reference }, check, key), { resend: true });
            return r.kind === 'ok' ? { url: r.value.url } : r;
          }}
        />
      );
    };
    views.set(spec, view);
  }
  return view;
}
