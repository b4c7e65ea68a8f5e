import { appMessages } from '../shared/i18n/messages/app';
import { setDataSaver, useDataSaver } from '../shared/hooks/dataSaver';

/** The footer's "Data saver" switch (docs/product.md, "Data saver"). */
export function DataSaverToggle() {
  const on = useDataSaver();
  const m = appMessages();
  return (
    <section>
      <h2 className="text-base font-semibold text-white">{m.dataSaver}</h2>
      <p id="data-saver-hint" className="mt-1 max-w-xs text-sm">
        {m.dataSaverHint}
      </p>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="data-saver-hint"
        onClick={() => setDataSaver(!on)}
        className="mt-3 inline-flex min-h-11 items-center gap-3 rounded-md border border-brand-700 px-3 text-sm text-brand-100 hover:bg-brand-800 hover:text-white"
      >
        <span>{m.dataSaver}</span>
        <span aria-hidden="true" className={`rounded px-2 py-0.5 font-bold ${on ? 'bg-earth-400 text-stone-900' : 'bg-brand-800 text-brand-100'}`}>
          {on ? m.dataSaverOn : m.dataSaverOff}
        </span>
      </button>
    </section>
  );
}
