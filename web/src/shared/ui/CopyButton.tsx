import { useEffect, useState } from 'react';
import { componentsMessages } from '../i18n/messages/components';

/** Copies text, on phones too: the Clipboard API needs a secure page, so an older path stands in. */
async function copy(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older path
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers: "Copy the account number". */
  label: string;
}

/** A small button that copies text and says, out loud too, whether it worked. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const m = componentsMessages().copy;
  useEffect(() => {
    if (!result) return;
    const t = setTimeout(() => setResult(null), 4000);
    return () => clearTimeout(t);
  }, [result]);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-label={label}
        onClick={async () => setResult((await copy(text)) ? 'copied' : 'failed')}
        className="min-h-10 rounded-md border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        {m.copy}
      </button>
      <span role="status" className="text-sm text-stone-700">
        {result === 'copied' && m.copied}
        {result === 'failed' && m.failed}
      </span>
    </span>
  );
}
