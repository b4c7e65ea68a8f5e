import { APP_TEXTS } from '../lib/appTexts';
import { applyUpdate, dismissInstall, install, useInstallOffered, useUpdateReady } from '../lib/pwa';
import { useOnline } from '../lib/useOnline';

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
  return (
    <>
      <div role="status">
        {!online && (
          <p className={`${bar} bg-earth-100 font-medium text-stone-900`} data-testid="offline-notice">
            {APP_TEXTS.offline}
          </p>
        )}
      </div>
      {updateReady && (
        <div className="border-t border-earth-200 bg-brand-50">
          <p className={bar}>
            <span>{APP_TEXTS.updateReady}</span>
            <button type="button" className={`${button} bg-brand-700 text-white hover:bg-brand-800`} onClick={applyUpdate}>
              {APP_TEXTS.reloadToUpdate}
            </button>
          </p>
        </div>
      )}
      {installOffered && (
        <div className="border-t border-earth-200 bg-brand-50" role="region" aria-label={APP_TEXTS.install}>
          <p className={bar}>
            <span>{APP_TEXTS.installOffer}</span>
            <button type="button" className={`${button} bg-brand-700 text-white hover:bg-brand-800`} onClick={() => void install()}>
              {APP_TEXTS.install}
            </button>
            <button type="button" className={`${button} text-brand-800 hover:bg-brand-100`} onClick={dismissInstall}>
              {APP_TEXTS.notNow}
            </button>
          </p>
        </div>
      )}
    </>
  );
}
