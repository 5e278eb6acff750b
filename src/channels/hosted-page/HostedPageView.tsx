import type { ChannelProps } from '../kit/context';
import { RedirectPanel } from '../kit/flows';
import { hostedText as text } from './text';

/** Pay on the payment API's own hosted page (the initiate result's paymentRedirectUrl); verify on return. */
export default function HostedPageView({ ctx }: ChannelProps) {
  return <RedirectPanel ctx={ctx} intro={text.t('intro')} action={text.t('go')} start={async () => ({ url: ctx.txn.value?.paymentRedirectUrl ?? '' })} />;
}
