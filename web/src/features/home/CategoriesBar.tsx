import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

// docs/product.md section 2: the home page's category dropdowns, each entry a shop filter.
const GROUPS: { label: string; links: [string, string][] }[] = [
  {
    label: 'Feeds',
    links: [
      ['All Feeds', 'category=feeds'],
      ['Dairy Meal', 'category=dairy-meal'],
      ['Kienyeji Mash', 'category=kienyeli-mash'],
      ['Layers Mash', 'category=layers'],
      ['Chick Feeds', 'category=chick-feeds'],
      ['Broiler Feeds', 'category=broiler-feeds'],
      ['Pig Feeds', 'category=pig-feeds'],
    ],
  },
  {
    label: 'Dewormers',
    links: [
      ['All Dewormers', 'category=dewormers'],
      ['Albendazole 10%', 'category=albendazole-10'],
      ['Albendazole 2.5%', 'category=albendazole-25'],
    ],
  },
  {
    label: 'Supplements',
    links: [
      ['All Supplements', 'category=supplements'],
      ['Chemicals', 'category=chemicals'],
      ['Dicalcium Phosphate (DCP)', 'category=dcp'],
    ],
  },
  {
    label: 'By Weight',
    links: [
      ['10 Kg', 'weight=10kg'],
      ['20 Kg', 'weight=20kg'],
      ['70 Kg', 'weight=70kg'],
      ['120 ml', 'weight=120ml'],
      ['1 litre', 'weight=1litre'],
    ],
  },
  {
    label: 'Special Offers',
    links: [
      ['Bulk Deals', 'promo=bulk'],
      ['Seasonal Offers', 'promo=seasonal'],
      ['New Arrivals', 'featured=new-arrivals'],
    ],
  },
];

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className={open ? 'rotate-180' : ''}>
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The bar of category dropdowns at the top of /. Each dropdown is a button that shows a
 * list of links; Escape, a click elsewhere or moving focus away closes it. On a phone the
 * whole bar folds into one 'Categories' button.
 */
export function CategoriesBar() {
  const id = useId();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(null);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      nav.current?.querySelector<HTMLButtonElement>(`button[aria-controls="${CSS.escape(`${id}-${open}`)}"]`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, id]);

  const groupButton =
    'flex min-h-11 w-full items-center justify-between gap-1 rounded-md px-3 font-semibold text-brand-900 hover:bg-brand-50 md:w-auto';

  return (
    <nav ref={nav} aria-label="Product categories" className="border-b border-earth-200 bg-earth-100">
      <div className="mx-auto max-w-6xl px-4 py-1">
        <button
          type="button"
          className={`${groupButton} md:hidden`}
          aria-expanded={mobileOpen}
          aria-controls={`${id}-bar`}
          onClick={() => setMobileOpen((o) => !o)}
        >
          Categories
          <Chevron open={mobileOpen} />
        </button>
        <ul id={`${id}-bar`} className={`${mobileOpen ? 'flex' : 'hidden'} flex-col pb-2 md:flex md:flex-row md:gap-1 md:pb-0`}>
          {GROUPS.map((g) => {
            const listId = `${id}-${g.label}`;
            const isOpen = open === g.label;
            return (
              <li
                key={g.label}
                className="relative"
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen((o) => (o === g.label ? null : o));
                }}
              >
                <button
                  type="button"
                  className={groupButton}
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setOpen(isOpen ? null : g.label)}
                >
                  {g.label}
                  <Chevron open={isOpen} />
                </button>
                <ul
                  id={listId}
                  hidden={!isOpen}
                  className="z-30 mb-1 ml-3 border-l-2 border-brand-200 bg-white md:absolute md:top-full md:left-0 md:ml-0 md:min-w-60 md:rounded-md md:border md:border-earth-200 md:py-1 md:shadow-lg"
                >
                  {/* The links exist only while open: less for a phone to build on the first view. */}
                  {isOpen && g.links.map(([label, query]) => (
                    <li key={query}>
                      <Link
                        to={`/shop?${query}`}
                        className="block min-h-11 px-4 py-2.5 text-stone-800 hover:bg-brand-50 hover:text-brand-900"
                      >
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
