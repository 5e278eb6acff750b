import { describe, expect, it } from 'vitest';
import { formatAmount, setCatalog, t } from './en';
import { tm } from './enMore';

describe('formatAmount', () => {
  it.each([
    [2500, 'NGN', '₦2,500.00'],
    [0, 'NGN', '₦0.00'],
    [1234567.891, 'NGN', '₦1,234,567.89'],
    [999.999, 'ngn', '₦1,000.00'],
    [12.5, 'USD', '$12.50'],
    [100, 'XOF', 'XOF 100.00'],
    [-5, 'GBP', '-£5.00'],
  ])('%s %s → %s', (a, c, s) => expect(formatAmount(a, c)).toBe(s));
});

describe('t', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('pay', { amount: '₦1.00' })).toBe('Pay ₦1.00');
    expect(t('pay')).toBe('Pay {amount}');
  });
  it('falls back to English for keys a locale lacks', () => {
    setCatalog({ retry: 'Réessayer' });
    expect(t('retry')).toBe('Réessayer');
    expect(t('close')).toBe('Close');
    setCatalog({});
  });
  it('covers the later screens’ catalog too', () => {
    setCatalog({ done: 'Terminé' });
    expect(tm('done')).toBe('Terminé');
    expect(tm('copy')).toBe('Copy');
    setCatalog({});
  });
});
