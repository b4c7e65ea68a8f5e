import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { homeMessages } from '../../lib/messages/home';

// docs/product.md section 2: the home page's category dropdowns, each entry a shop filter.
function groups(): { key: string; label: string; links: [string, string][] }[] {
  const m = homeMessages().categoriesBar;
  return [
    {
      key: 'feeds',
      label: m.feeds.title,
      links: [
        [m.feeds.all, 'category=feeds'],
        [m.feeds.dairyMeal, 'category=dairy-meal'],
        [m.feeds.kienyejiMash, 'category=kienyeli-mash'],
        [m.feeds.layersMash, 'category=layers'],
        [m.feeds.chickFeeds, 'category=chick-feeds'],
        [m.feeds.broilerFeeds, 'category=broiler-feeds'],
        [m.feeds.pigFeeds, 'category=pig-feeds'],
      ],
    },
    {
      key: 'dewormers',
      label: m.dewormers.title,
      links: [
        [m.dewormers.all, 'category=dewormers'],
        [m.dewormers.albendazole10, 'category=albendazole-10'],
        [m.dewormers.albendazole25, 'category=albendazole-25'],
      ],
    },
    {
      key: 'supplements',
      label: m.supplements.title,
      links: [
        [m.supplements.all, 'category=supplements'],
        [m.supplements.chemicals, 'category=chemicals'],
        [m.supplements.dcp, 'category=dcp'],
      ],
    },
    {
      key: 'weight',
      label: m.weight.title,
      links: [
        [m.weight.kg10, 'weight=10kg'],
        [m.weight.kg20, 'weight=20kg'],
        [m.weight.kg70, 'weight=70kg'],
        [m.weight.ml120, 'weight=120ml'],
        [m.weight.litre1, 'weight=1litre'],
      ],
    },
    {
      key: 'offers',
      label: m.offers.title,
      links: [
        [m.offers.bulk, 'promo=bulk'],
        [m.offers.seasonal, 'promo=seasonal'],
        [m.offers.newArrivals, 'featured=new-arrivals'],
      ],
    },
  ];
}

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
  const m = homeMessages().categoriesBar;

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
    <nav ref={nav} aria-label={m.label} className="border-b border-earth-200 bg-earth-100">
      <div className="mx-auto max-w-6xl px-4 py-1">
        <button
          type="button"
          className={`${groupButton} md:hidden`}
          aria-expanded={mobileOpen}
          aria-controls={`${id}-bar`}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {m.toggle}
          <Chevron open={mobileOpen} />
        </button>
        <ul id={`${id}-bar`} className={`${mobileOpen ? 'flex' : 'hidden'} flex-col pb-2 md:flex md:flex-row md:gap-1 md:pb-0`}>
          {groups().map((g) => {
            const listId = `${id}-${g.key}`;
            const isOpen = open === g.key;
            return (
              <li
                key={g.key}
                className="relative"
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen((o) => (o === g.key ? null : o));
                }}
              >
                <button
                  type="button"
                  className={groupButton}
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setOpen(isOpen ? null : g.key)}
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
