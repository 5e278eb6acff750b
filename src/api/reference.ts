// The form of a transaction reference, with no validation library: the contract's schema (common.ts) and the
// page's start-up check (which must not wait on a chunk before the payer may pay) read the same pattern.

/** A transaction reference as initiate creates it: 1 to 128 letters, digits, `_ . : -`, starting with a letter or digit. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
