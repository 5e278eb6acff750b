import { BankTransferRequestSchema } from '../../../src/api';
import { json, jsonBody, validate, type Context } from '../http';
import { countCompletion, findTransaction, beginAttempt, settle, useChannel } from '../ledger';
import { route } from '../router';
import type { TransferAccount, Transaction } from '../state';

/** The bank that hosts the sandbox's one-off transfer accounts. */
const TRANSFER_BANK_NAME = 'Sandbox Microfinance Bank';

/** True when the account can no longer receive the payer's money. */
export function accountExpired(ctx: Context, account: TransferAccount): boolean {
  return ctx.options.now() >= account.expiresAt;
}

function openAccount(ctx: Context, tx: Transaction): TransferAccount {
  const account: TransferAccount = {
    accountNumber: `99${ctx.ids.digits(8)}`,
    accountName: `${tx.merchantName} Checkout`,
    bankName: TRANSFER_BANK_NAME,
    expiresAt: ctx.options.now() + ctx.options.transferExpirySeconds * 1000,
  };
  tx.transferAccount = account;
  const delay = ctx.options.transferDelayMs;
  if (delay !== null) {
    ctx.timers.after(delay, () => {
      if (tx.channel === 'bank-transfer' && tx.transferAccount === account && !accountExpired(ctx, account)) settle(ctx, tx, 'successful');
    });
  }
  return account;
}

function bankTransfer(ctx: Context) {
  const body = jsonBody(ctx);
  countCompletion(ctx, body, 'transactionReference', 'bank-transfer');
  const input = validate(BankTransferRequestSchema, body);
  const tx = findTransaction(ctx, input.transactionReference);
  beginAttempt(tx);
  useChannel(tx, 'bank-transfer');
  // A retry while the account is live shows the same account: the payer may already have sent money to it.
  const current = tx.transferAccount;
  const account = current && !accountExpired(ctx, current) ? current : openAccount(ctx, tx);
  return json(200, {
    status: true,
    message: 'Transfer the exact amount to this account',
    data: {
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      bankName: account.bankName,
      amount: tx.amount,
      expiresInSeconds: Math.max(0, Math.ceil((account.expiresAt - ctx.options.now()) / 1000)),
      transactionReference: tx.reference,
      currency: tx.currency,
    },
  });
}

/** Bank-transfer payment. */
export const bankTransferRoutes = [route('POST', '/api/v1/bank-transfer', bankTransfer)];
