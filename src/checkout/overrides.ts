import { LOCALES } from '../i18n/locale';
import type { Overrides } from '../i18n/text';
import type { PageConfig } from '../platform/pageConfig';

/** The wallets' names as the merchant's server configured them: brand names, the same in every language. */
export function walletNameOverrides(config: Pick<PageConfig, 'walletNames'>): Overrides {
  if (!config.walletNames) return {};
  const names = { 'wallet.a': config.walletNames.a, 'wallet.b': config.walletNames.b };
  return Object.fromEntries(LOCALES.map((l) => [l, names]));
}
