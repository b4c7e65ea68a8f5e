import type { ProductSummary } from '../../lib/types';
import { badges, inStock } from '../../lib/product';

const badgeStyle: Record<string, string> = {
  'New Product': 'bg-sky-100 text-sky-900',
  'Best Seller': 'bg-earth-200 text-earth-900',
  Featured: 'bg-brand-100 text-brand-900',
};

export function ProductBadges({ product, vertical = false }: { product: ProductSummary; vertical?: boolean }) {
  const list = badges(product);
  if (list.length === 0) return null;
  return (
    <ul className={`flex gap-1 ${vertical ? 'flex-col items-start' : 'flex-wrap'}`} aria-label="Labels">
      {list.map((b) => (
        <li key={b} className={`rounded px-2 py-0.5 text-xs font-semibold ${badgeStyle[b] ?? ''}`}>
          {b}
        </li>
      ))}
    </ul>
  );
}

export function StockBadge({ product }: { product: ProductSummary }) {
  return inStock(product) ? (
    <span className="rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">In Stock</span>
  ) : (
    <span className="rounded bg-stone-700 px-2 py-0.5 text-xs font-semibold text-white">Out of Stock</span>
  );
}
