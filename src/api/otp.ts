/**
 * How many one-time codes a card payment takes: the gateway fails the transaction on the third wrong code. The API
 * reports no count, so the checkout counts wrong codes itself against this number (to warn before the last try) and
 * the sandbox fails on it. A new code (the card sent again) starts a new count at both ends.
 */
export const OTP_TRIES = 3;

/** How long the payer waits after a code was sent before asking for a new one, so the bank is not asked again and again. */
export const OTP_RESEND_AFTER_MS = 30_000;
