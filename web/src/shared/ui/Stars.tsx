import { componentsMessages } from '../i18n/messages/components';

interface StarsProps {
  rating: number;
  className?: string;
}

/** A 1-5 rating as stars, read out as "Rated 4.5 out of 5". */
export function Stars({ rating, className = '' }: StarsProps) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={componentsMessages().rated(Number(rating.toFixed(1)))} className={`inline-flex text-earth-700 ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
            fill={n <= full ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </svg>
      ))}
    </span>
  );
}
