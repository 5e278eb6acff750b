import type { ComponentType } from 'preact';
import type { CheckoutModel } from '../checkout/model';
import type { PageConfig } from '../platform/pageConfig';

/** Props every channel view receives. */
export interface ChannelViewProps {
  readonly model: CheckoutModel;
  /** Wallet display names and the like, from the page configuration. */
  readonly config: Pick<PageConfig, 'walletNames'>;
}

/** One payment channel: its id, its tab label and its view (bundled, or loaded when first shown). */
export interface Channel<Id extends string = string> {
  readonly id: Id;
  label(config: Pick<PageConfig, 'walletNames'>): string;
  /** Bundled view: only the card, so the first tab paints without a second request. */
  readonly view?: ComponentType<ChannelViewProps>;
  /** Lazily loaded view for the other channels. */
  load?(): Promise<ComponentType<ChannelViewProps>>;
  /** Whether to offer the channel at all (the hosted page needs a paymentRedirectUrl). */
  available?(ctx: { readonly paymentRedirectUrl?: string }): boolean;
}
