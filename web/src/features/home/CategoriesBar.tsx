import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { homeMessages, type HomeMessages } from './messages';

type Bar = HomeMessages['categoriesBar'];
type Group = Exclude<keyof Bar, 'label' | 'toggle'>;

// docs/product.md section 2: the home page's category dropdowns in order, each entry the shop
// filter its link opens, keyed by the link's text in the catalogue. Typed so that a text added
// to a dropdown without its filter fails to compile.
const GROUPS: { [G in Group]: Record<Exclude<keyof Bar[G], 'title'>, string> } = {
  feeds: {
    all: 'category=feeds',
    dairyMeal: 'category=dairy-meal',
    kienyejiMash: 'category=kienyeli-mash',
    layersMash: 'category=layers',
    chickFeeds: 'category=chick-feeds',
    broilerFeeds: 'category=broiler-feeds',
    pigFeeds: 'category=pig-feeds',
  },
  dewormers: {
    all: 'category=dewormers',
    albendazole10: 'category=albendazole-10',
    albendazole25: 'category=albendazole-25',
  },
  supplements: {
    all: 'category=supplements',
    chemicals: 'category=chemicals',
    dcp: 'category=dcp',
  },
  weight: {
    kg10: 'weight=10kg',
    kg20: 'weight=20kg',
    kg70: 'weight=70kg',
    ml120: 'weight=120ml',
    litre1: 'weight=1litre',
  },
  offers: {
    bulk: 'promo=bulk',
    seasonal: 'promo=seasonal',
    newArrivals: 'featured=new-arrivals',
  },
};

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
          {(Object.keys(GROUPS) as Group[]).map((key) => {
            const texts: Record<string, string> = m[key];
            const listId = `${id}-${key}`;
            const isOpen = open === key;
            return (
              <li
                key={key}
                className="relative"
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen((o) => (o === key ? null : o));
                }}
              >
                <button
                  type="button"
                  className={groupButton}
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setOpen(isOpen ? null : key)}
                >
                  {texts.title}
                  <Chevron open={isOpen} />
                </button>
                <ul
                  id={listId}
                  hidden={!isOpen}
                  className="z-30 mb-1 ml-3 border-l-2 border-brand-200 bg-white md:absolute md:top-full md:left-0 md:ml-0 md:min-w-60 md:rounded-md md:border md:border-earth-200 md:py-1 md:shadow-lg"
                >
                  {/* The links exist only while open: less for a phone to build on the first view. */}
                  {isOpen && Object.entries(GROUPS[key]).map(([text, query]) => (
                    <li key={query}>
                      <Link
                        to={`/shop?${query}`}
                        className="block min-h-11 px-4 py-2.5 text-stone-800 hover:bg-brand-50 hover:text-brand-900"
                      >
                        {texts[text]}
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
