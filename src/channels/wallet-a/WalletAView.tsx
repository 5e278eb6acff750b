import { RedirectView } from '../shared/RedirectView';
import type { ChannelViewProps } from '../types';
import { walletACall } from './calls';
import { tm } from '../../i18n/enMore';

/** Wallet A: start a session, send the payer to its `checkoutUrl`, verify on return. */
export default function WalletAView({ model, config }: ChannelViewProps) {
  const name = config.walletNames.a;
  return (
    <RedirectView
      model={model}
      channel="wallet-a"
      intro={tm('walletIntro', { wallet: name })}
      action={tm('walletGo', { wallet: name })}
      start={async () => {
        const r = await model.complete('wallet-a', (key) => walletACall(model.reference, key));
        return r.kind === 'ok' ? { url: r.value.data.checkoutUrl } : r;
      }}
    />
  );
}
