// Loaded beside a wallet's session call.
import { WalletAResponseSchema, WalletBResponseSchema } from '../../api/channels';
import type { Checker } from '../kit/call';
import { checker } from '../kit/check';

/** A wallet's session answer, reduced to what the checkout needs: the cashier page to send the payer to. */
export interface Cashier {
  readonly status: boolean;
  readonly url: string;
}

const cashier =
  <T extends { status: boolean }>(check: Checker<T>, url: (answer: T) => string): Checker<Cashier> =>
  (body) => {
    const r = check(body);
    return r.ok ? { ok: true, value: { status: r.value.status, url: url(r.value) } } : r;
  };

/** Each wallet's session check: wallet A names its page `checkoutUrl`, wallet B `cashierUrl`. */
export const cashierChecks = {
  a: cashier(checker(WalletAResponseSchema), (s) => s.data.checkoutUrl),
  b: cashier(checker(WalletBResponseSchema), (s) => s.data.cashierUrl),
};
