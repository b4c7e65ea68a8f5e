import { BUSINESS } from '../domain/business';
import { useDataSaver } from '../hooks/dataSaver';
import { componentsMessages } from '../i18n/messages/components';
import { useNearScreen } from '../hooks/useNearScreen';

const { lat, lon } = BUSINESS.location;
const EMBED_URL =
  'https://www.openstreetmap.org/export/embed.html?bbox=' +
  [lon - 0.012, lat - 0.007, lon + 0.012, lat + 0.007].map((n) => n.toFixed(4)).join('%2C') +
  `&layer=mapnik&marker=${lat}%2C${lon}`;
export const MAPS_URL = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/**
 * The shop on a map. The map (an OpenStreetMap frame) loads only when it is scrolled near and
 * the phone is online, so it never slows the page; the address and the 'Open in Maps' link
 * are always there, map or not. With the data saver on there is no map: the address and the
 * link alone.
 */
export function MapEmbed() {
  const saver = useDataSaver();
  return (
    <div>
      {!saver && <MapBox />}
      <p className={`${saver ? '' : 'mt-3 '}flex flex-wrap items-center justify-between gap-2 text-stone-800`}>
        <span>{BUSINESS.address}</span>
        <a
          href={MAPS_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {componentsMessages().map.open}
        </a>
      </p>
    </div>
  );
}

function MapBox() {
  const { ref: box, near } = useNearScreen<HTMLDivElement>('300px');
  const load = near && navigator.onLine !== false;
  return (
    <div ref={box} className="relative aspect-[4/3] overflow-hidden rounded-lg border border-earth-200 bg-earth-100 sm:aspect-video">
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-brand-800">
        <PinIcon />
        <p className="font-semibold">{BUSINESS.address}</p>
      </div>
      {load && (
        <iframe
          title={componentsMessages().map.title(BUSINESS.name, BUSINESS.address)}
          src={EMBED_URL}
          loading="lazy"
          sandbox="allow-scripts allow-same-origin allow-popups"
          className="absolute inset-0 h-full w-full border-0"
        />
      )}
    </div>
  );
}
