// The shop's button looks, for a <button> or a link that acts as one. Every class is written out
// whole: Tailwind finds the classes to build by reading the source, so a class put together from
// pieces would never be built.

interface ButtonClassOptions {
  /**
   * Filled for the action a page wants taken, outlined for the one beside it. 'outlined', as
   * Tailwind reads every word of this file and the shorter one is a class it would then build.
   */
  variant?: 'primary' | 'outlined';
  /** md (44 px high) in a notice, an alert or a dialog; lg (48 px) for a page's main actions. */
  size?: 'md' | 'lg';
  /** As wide as its column, the label in the middle. */
  full?: boolean;
  /** Margins, a disabled look and the like. */
  className?: string;
}

// Ternaries rather than lookup tables: this ships in the home page's first load, where every byte counts.
export function buttonClass({ variant, size, full, className = '' }: ButtonClassOptions = {}) {
  return `inline-flex items-center rounded-md font-semibold ${size === 'lg' ? 'h-12 px-6' : 'h-11 px-5'} ${
    variant === 'outlined' ? 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50' : 'bg-brand-700 text-white hover:bg-brand-800'
  }${full ? ' w-full justify-center' : ''} ${className}`;
}
