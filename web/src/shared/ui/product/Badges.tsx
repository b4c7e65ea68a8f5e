import { componentsMessages } from '../../i18n/messages/components';
import { badges, inStock } from '../../domain/product';
import type { ProductSummary } from '../../api/shapes';

export function ProductBadges({ product, vertical = false }: { product: ProductSummary; vertical?: boolean }) {
  const m = componentsMessages().badges;
  // badges() names them in the language shown.
  const badgeStyle: Record<string, string> = {
    [m.newProduct]: 'bg-sky-100 text-sky-900',
    [m.bestSeller]: 'bg-earth-200 text-earth-900',
    [m.featured]: 'bg-brand-100 text-brand-900',
  };
  const list = badges(product);
  if (list.length === 0) return null;
  return (
    <ul className={`flex gap-1 ${vertical ? 'flex-col items-start' : 'flex-wrap'}`} aria-label={m.label}>
      {list.map((b) => (
        <li key={b} className={`rounded px-2 py-0.5 text-xs font-semibold ${badgeStyle[b] ?? ''}`}>
          {b}
        </li>
      ))}
    </ul>
  );
}

export function StockBadge({ product }: { product: ProductSummary }) {
  const m = componentsMessages();
  return inStock(product) ? (
    <span className="rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{m.inStock}</span>
  ) : (
    <span className="rounded bg-stone-700 px-2 py-0.5 text-xs font-semibold text-white">{m.outOfStock}</span>
  );
}
