import type { Operation } from '../../api/operations';
import type { OperationId } from '../../api/routes';
import type { MessageSet } from '../../i18n/text';
import type { ChannelView } from './context';

/** How a channel's instructions survive a reload: checked field by field on the way back from storage. */
export interface ResumeRule<R> {
  /** The instructions as stored, or undefined when anything is off: storage is never trusted. */
  clean(stored: unknown): R | undefined;
  /** How long to keep verifying once these instructions are shown, in ms from `now`; default the poller's bound. */
  watchFor?(instructions: R, now: number): number | undefined;
  /**
   * The instructions of the channel's completion answer (its `data`, given at `at`, epoch ms), as the Tender server
   * kept them for a page that has no storage of its own; undefined when anything is off.
   */
  fromAnswer?(data: unknown, at: number): R | undefined;
}

/**
 * One payment channel: its id (the tab's `data-channel`, the loader's `channels` option), its strings, the API
 * routes it calls (the proxy allows exactly these, plus verify), its view, and how its instructions resume.
 */
export interface Channel<Id extends string = string, R = never, T extends MessageSet = MessageSet> {
  readonly id: Id;
  readonly text: T;
  /** The key of the tab's label in `text`. */
  readonly tab: string;
  /** The key of the channel's name after it was used ("Paid with …") in `text`, when the tab's label does not fit. */
  readonly name?: string;
  /** The API operations the channel calls: the contract's, by name, or one the channel brings (with its schemas). */
  readonly routes: readonly (OperationId | Operation)[];
  /** Bundled view: the first channel paints with the page, without a second request. */
  readonly view?: ChannelView<R>;
  /** A view loaded when the tab first shows. */
  load?(): Promise<ChannelView<R>>;
  /** Whether to offer the channel for this transaction (the hosted page needs a paymentRedirectUrl). */
  available?(txn: { readonly paymentRedirectUrl?: string | undefined }): boolean;
  /**
   * Channels that show instructions while the payment completes elsewhere (USSD code, transfer account): how they
   * come back after a reload. Loaded with the attempt, not with the page.
   */
  resume?(): Promise<ResumeRule<R>>;
  /**
   * The payer pays on another site (a wallet's cashier, the gateway's hosted page) and comes back. A transaction
   * that verify finds pending on such a channel was left there: the page watches it as a return, even when the
   * page's own record of the trip is gone (storage blocked in a third-party frame, another tab). 'maybe': only at
   * times (a card's 3-D Secure page): pending alone says nothing (a step a reload lost looks the same), so only a
   * page without storage of its own, and only when the answer the server kept named an address to go to
   * (`redirectUrl`), takes it for a return.
   */
  readonly paidAway?: boolean | 'maybe';
  /** Other names the payment API gives this channel in verify's `channel` field. */
  readonly aliases?: readonly string[];
}

/** A channel definition, its resume data's type checked against its view's. */
export const defineChannel = <Id extends string, R = never, T extends MessageSet = MessageSet>(channel: Channel<Id, R, T>): Channel<Id, R, T> => channel;
