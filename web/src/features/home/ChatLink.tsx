import { BUSINESS } from '../../shared/domain/business';
import { homeMessages } from './messages';

/** The floating chat link: WhatsApp with a greeting already typed. */
export function ChatLink() {
  return (
    <a
      href={BUSINESS.whatsappChatUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={homeMessages().chat}
      className="fixed right-4 bottom-4 z-30 inline-flex h-14 w-14 items-center justify-center rounded-full bg-[#128c4a] text-white shadow-lg hover:bg-[#0e7a40]"
    >
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19z" />
        <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8c-1-.5-1.8-1.3-2.3-2.3l.8-1-1-2z" fill="currentColor" stroke="none" />
      </svg>
    </a>
  );
}
