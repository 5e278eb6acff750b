/** One product of the demo shop. Prices live here, on the server: the browser never says what an order costs. */
export interface Product {
  readonly id: string;
  readonly name: string;
  readonly blurb: string;
  /** Price in naira (major units, as the payment API takes amounts). */
  readonly price: number;
  /** A colour for the product's swatch. */
  readonly hue: number;
}

/** The shop's catalogue. */
export const CATALOGUE: readonly Product[] = [
  { id: 'coffee', name: 'Jos Plateau coffee, 500 g', blurb: 'Medium roast, notes of cocoa and plum.', price: 6500, hue: 25 },
  { id: 'mug', name: 'Enamel camp mug', blurb: 'Holds 350 ml, survives every trip.', price: 4200, hue: 200 },
  { id: 'tote', name: 'Adire tote bag', blurb: 'Hand-dyed indigo cotton from Abeokuta.', price: 9800, hue: 230 },
];

/** The shop's currency. */
export const CURRENCY = 'NGN';

/** Largest quantity of one product per order. */
export const MAX_QUANTITY = 20;

/** A priced order line. */
export interface OrderLine {
  readonly product: Product;
  readonly quantity: number;
}

/** Prices a cart from the catalogue; anything unknown or malformed is an error message, never a guess. */
export function priceCart(items: unknown): { ok: true; lines: OrderLine[]; amount: number } | { ok: false; error: string } {
  if (!Array.isArray(items) || items.length === 0 || items.length > CATALOGUE.length) {
    return { ok: false, error: 'items must be a non-empty array of { id, quantity }' };
  }
  const lines: OrderLine[] = [];
  for (const item of items) {
    const id = (item as { id?: unknown })?.id;
    const quantity = (item as { quantity?: unknown })?.quantity;
    const product = CATALOGUE.find((p) => p.id === id);
    if (!product) return { ok: false, error: `unknown product ${JSON.stringify(id)}` };
    if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > MAX_QUANTITY) {
      return { ok: false, error: `quantity of ${product.id} must be a whole number from 1 to ${MAX_QUANTITY}` };
    }
    if (lines.some((l) => l.product.id === product.id)) return { ok: false, error: `${product.id} is listed twice` };
    lines.push({ product, quantity: quantity as number });
  }
  // Integer naira: no floating-point cents to drift.
  const amount = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  return { ok: true, lines, amount };
}

/** ₦12,500 */
export function formatNaira(amount: number): string {
  return '₦' + amount.toLocaleString('en-NG', { maximumFractionDigits: 2 });
}
