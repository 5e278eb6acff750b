import { t } from '../../i18n/en';
import { RedirectView } from '../shared/RedirectView';
import type { ChannelViewProps } from '../types';

/** Pay on the payment API's own hosted page (the initiate result's paymentRedirectUrl). */
export default function HostedPageView({ model }: ChannelViewProps) {
  return (
    <RedirectView
      model={model}
      channel="hosted-page"
      intro={t('hostedIntro')}
      action={t('hostedGo')}
      start={async () => ({ url: model.paymentRedirectUrl.value ?? '' })}
    />
  );
}
