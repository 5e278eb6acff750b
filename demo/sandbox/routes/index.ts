import type { Route } from '../router';
import { bankRoutes } from './banks';
import { bankTransferRoutes } from './bankTransfer';
import { cardRoutes } from './card';
import { chargeRoutes } from './charges';
import { controlRoutes } from './control';
import { pageRoutes } from './pages';
import { refundRoutes } from './refunds';
import { splitRoutes } from './split';
import { transactionRoutes } from './transactions';
import { transferRoutes } from './transfers';
import { ussdRoutes } from './ussd';
import { walletRoutes } from './wallets';

/** Every route of the sandbox: the payment API under /api/, its pages and controls under /sandbox/. */
export const routes: readonly Route[] = [
  ...splitRoutes,
  ...chargeRoutes,
  ...cardRoutes,
  ...bankTransferRoutes,
  ...ussdRoutes,
  ...walletRoutes,
  ...transactionRoutes,
  ...transferRoutes,
  ...refundRoutes,
  ...bankRoutes,
  ...pageRoutes,
  ...controlRoutes,
];
