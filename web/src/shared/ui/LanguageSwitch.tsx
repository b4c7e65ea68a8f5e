import { lang, switchLanguage, type Lang } from '../i18n/i18n';
import { appMessages } from '../i18n/messages/app';

// Each language is named in itself, so a reader of either finds theirs.
const CHOICES: { lang: Lang; name: string }[] = [
  { lang: 'en', name: 'English' },
  { lang: 'sw', name: 'Kiswahili' },
];

/** "English | Kiswahili": the header, the phone menu and the footer (docs/i18n.md). */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const current = lang();
  const link = dark ? 'text-brand-100 hover:text-white' : 'text-stone-800 hover:text-brand-800';
  return (
    <ul aria-label={appMessages().language} className="flex items-center text-sm">
      {CHOICES.map((c, i) => (
        <li key={c.lang} className="flex items-center">
          {i > 0 && (
            <span aria-hidden="true" className={dark ? 'text-brand-300' : 'text-stone-400'}>
              |
            </span>
          )}
          {c.lang === current ? (
            <span lang={c.lang} aria-current="true" className={`inline-flex min-h-11 items-center px-2 font-bold ${dark ? 'text-white' : 'text-brand-800'}`}>
              {c.name}
            </span>
          ) : (
            <button
              type="button"
              lang={c.lang}
              onClick={() => switchLanguage(c.lang)}
              className={`inline-flex min-h-11 items-center rounded-md px-2 underline-offset-2 hover:underline ${link}`}
            >
              {c.name}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
