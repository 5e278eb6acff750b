import { RedirectView } from '../shared/RedirectView';
import type { ChannelViewProps } from '../types';
import { walletBCall } from './calls';
import { tm } from '../../i18n/enMore';

/** Wallet B: start a session, send the payer to its `cashierUrl`, verify on return. */
export default function WalletBView({ model, config }: ChannelViewProps) {
  const name = config.walletNames.b;
  return (
    <RedirectView
      model={model}
      channel="wallet-b"
      intro={tm('walletIntro', { wallet: name })}
      action={tm('walletGo', { wallet: name })}
      start={async () => {
        const r = await model.complete('wallet-b', (key) => walletBCall(model.reference, key));
        return r.kind === 'ok' ? { url: r.value.data.cashierUrl } : r;
      }}
    />
  );
}
