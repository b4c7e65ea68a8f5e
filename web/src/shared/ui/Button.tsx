import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from './button';

// The shop's one button, the storefront's and the back office's: the storefront's two looks
// (filled, outlined) at its two heights come from buttonClass, which links that act as buttons use
// too; the back office's compact size adds its quieter looks beside a screen's main action. Its own
// module, so the storefront's first load (buttonClass alone) does not carry the back office's
// classes.

export type ButtonVariant = 'primary' | 'outlined' | 'secondary' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the action a screen wants taken; outlined and secondary beside it; danger deletes. */
  variant?: ButtonVariant;
  /** sm (40 px, the back office's tables and bars, the default); md (44 px) and lg (48 px) the storefront's. */
  size?: 'sm' | 'md' | 'lg';
  /** As wide as its column (md and lg). */
  full?: boolean;
}

const compact: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400',
  outlined: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:text-stone-500',
  secondary: 'border border-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500',
  danger: 'border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:text-stone-500',
};

export function Button({ variant = 'primary', size = 'sm', full, className = '', type = 'button', ...props }: ButtonProps) {
  const look =
    size === 'sm'
      ? `inline-flex min-h-10 items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-earth-500 ${compact[variant]}${full ? ' w-full' : ''} ${className}`
      : buttonClass({ variant: variant === 'primary' ? 'primary' : 'outlined', size, full, className });
  return <button type={type} {...props} className={look} />;
}
