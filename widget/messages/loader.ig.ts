/** The loader's own states, shown on the storefront while the hosted page is slow or has failed (widget/states.ts). */
export default {
  title: 'Ịkwụ ụgwọ',
  loading: 'Ebe ịkwụ ụgwọ na-abata…',
  slow: 'Nke a na-egbu oge karịa ka ọ na-adị.',
  failed: 'Ebe ịkwụ ụgwọ abataghị.',
  failedHint: 'Lelee njikọ ịntanetị gị ma nwaa ọzọ.',
  refused: 'Ụlọ ahịa a enwebeghị ike igosi ebe ịkwụ ụgwọ ya. Biko gwa ụlọ ahịa ahụ.',
  retry: 'Nwaa ọzọ',
  close: 'Mechie',
  payPage: 'Gaa n’ibe ịkwụ ụgwọ',
};
