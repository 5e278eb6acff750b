import { RedirectView } from '../shared/RedirectView';
import type { ChannelViewProps } from '../types';
import { tm } from '../../i18n/enMore';

/** Pay on the payment API's own hosted page (the initiate result's paymentRedirectUrl). */
export default function HostedPageView({ model }: ChannelViewProps) {
  return (
    <RedirectView
      model={model}
      channel="hosted-page"
      intro={tm('hostedIntro')}
      action={tm('hostedGo')}
      start={async () => ({ url: model.paymentRedirectUrl.value ?? '' })}
    />
  );
}
