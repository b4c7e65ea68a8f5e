import { appMessages } from '../shared/i18n/messages/app';
import { applyUpdate, dismissInstall, install, useInstallOffered, useUpdateReady } from '../shared/hooks/pwa';
import { useOnline } from '../shared/hooks/useOnline';

const bar = 'mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm';
const button = 'inline-flex min-h-11 items-center rounded-md px-3 font-semibold';

/**
 * The lines under the header about the app itself: offline, a new version to load, the offer to
 * install (docs/product.md, "The app on the phone").
 */
export function AppNotices() {
  const online = useOnline();
  const updateReady = useUpdateReady();
  const installOffered = useInstallOffered();
  const m = appMessages();
  return (
    <>
      <div role="status">
        {!online && (
          <p className={`${bar} bg-earth-100 font-medium text-stone-900`} data-testid="offline-notice">
            {m.offline}
          </p>
        )}
      </div>
      {updateReady && (
        <div className="border-t border-earth-200 bg-brand-50">
          <p className={bar}>
            <span>{m.updateReady}</span>
            <button type="button" className={`${button} bg-brand-700 text-white hover:bg-brand-800`} onClick={applyUpdate}>
              {m.reloadToUpdate}
            </button>
          </p>
        </div>
      )}
      {installOffered && (
        <div className="border-t border-earth-200 bg-brand-50" role="region" aria-label={m.install}>
          <p className={bar}>
            <span>{m.installOffer}</span>
            <button type="button" className={`${button} bg-brand-700 text-white hover:bg-brand-800`} onClick={() => void install()}>
              {m.install}
            </button>
            <button type="button" className={`${button} text-brand-800 hover:bg-brand-100`} onClick={dismissInstall}>
              {m.notNow}
            </button>
          </p>
        </div>
      )}
    </>
  );
}
