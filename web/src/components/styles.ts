/** An underlined link in running text or below a form. */
export const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
